import textcase

textcase.title("27-07_my_cat")  # 27 07 My Cat
textcase.title("27-07_my_cat", boundaries=[textcase.UNDERSCORE], strip_punctuation=False)  # 27-07 My Cat
