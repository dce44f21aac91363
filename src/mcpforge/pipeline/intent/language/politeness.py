"""Politeness and the framing of a question in French, German and Spanish, put in English (folded words).

"Necesito el peso medio de cada especie, por favor.", "Nombre de cas par année, s'il vous plaît.", "Me
gustaría saber ...": the English "please", "thanks", "I would like to know", "can you tell me" are read
as the grammar of asking, which cannot change a number; their French, German and Spanish twins were left
unread and refused the request ('favor', 'vous', 'gustaria'). Each phrase here becomes its English twin
before the reading. Only whole phrases of asking are here: never a word that could name a column, a value,
an analysis or a condition ("savoir" alone, "por" alone, "bien" stay as they were).
"""

from __future__ import annotations

_PHRASES: dict[str, dict[str, str]] = {
    "fr": {
        "s'il vous plait": "please", "s'il te plait": "please", "svp": "please", "stp": "please",
        "merci": "thanks", "merci beaucoup": "thanks", "merci d'avance": "thanks",
        "je voudrais savoir": "i would like to know", "j'aimerais savoir": "i would like to know",
        "je souhaiterais savoir": "i would like to know", "je veux savoir": "i want to know",
        "je voudrais connaitre": "i would like to know", "j'aimerais connaitre": "i would like to know",
        "pourriez-vous me dire": "could you tell me", "pouvez-vous me dire": "can you tell me",
        "peux-tu me dire": "can you tell me", "pourrais-tu me dire": "could you tell me",
        "dites-moi": "tell me", "dis-moi": "tell me",
    },
    "es": {
        "por favor": "please", "gracias": "thanks", "muchas gracias": "thanks",
        "me gustaria saber": "i would like to know", "quisiera saber": "i would like to know",
        "quiero saber": "i want to know", "necesito saber": "i need to know", "necesito": "i need",
        "me gustaria conocer": "i would like to know", "quisiera conocer": "i would like to know",
        "podrias decirme": "could you tell me", "podria decirme": "could you tell me",
        "puedes decirme": "can you tell me", "puede decirme": "can you tell me",
        "podrian decirme": "could you tell me",
    },
    "de": {
        "danke": "thanks", "vielen dank": "thanks", "danke schon": "thanks", "bitte schon": "please",
        "ich mochte wissen": "i would like to know", "ich wurde gerne wissen": "i would like to know",
        "ich will wissen": "i want to know", "ich muss wissen": "i need to know",
        "konnen sie mir sagen": "can you tell me", "konnten sie mir sagen": "could you tell me",
        "kannst du mir sagen": "can you tell me", "konntest du mir sagen": "could you tell me",
        "sagen sie mir": "tell me", "sag mir": "tell me",
    },
}  # fmt: skip


def politeness(language: str) -> dict[str, str]:
    """Folded phrase of asking or politeness → its English twin (empty for English)."""
    return dict(_PHRASES.get(language, {}))
