"""The 80 requests of the blind split `blind9` (BLIND9.md), each with the pandas / scipy code of its expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind9.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

VPI, BIP, BEV, RBIP = "Verbraucherpreisindex", "BIP-Deflator", "Bevölkerung (Tausend)", "Reales BIP pro Kopf"
RC, KR, GF, GFM, AL = ("Regierungschef", "Krieg", "Gefallene", "Gefallene pro Million Einwohner",
                       "Arbeitslosigkeit")
UE, AS, SC = "Bundesüberschuss", "Bundesausgaben Anteil am BIP", "Bundesschulden"
UEQ, SCQ = "Bundesüberschuss Anteil am BIP", "Bundesschulden Anteil am BIP"
IA, TB, LB = "Individuals_Affected", "Type_of_Breach", "Location_of_Breached_Information"
CD, DC, JS = "Cause du décès", "Décès", "Jour de la semaine"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------ Ecdat USGDPpresidents, German headers (';' CSV, cp1252)
    "b9_usgdppresidents_de.csv": [
        ("b9-usg-01", "de", "plain",
         "Aus wie vielen Datensätzen besteht die Tabelle?",
         "expect = S(len(df))"),
        ("b9-usg-02", "de", "constraint",
         "Ich bräuchte das mittlere reale BIP pro Kopf für die Jahre 1950 bis einschließlich 1999, "
         "auf ganze Dollar gerundet.",
         f"expect = S(df.loc[df['Jahr'].between(1950, 1999), '{RBIP}'].mean(), round=0)"),
        ("b9-usg-03", "de", "plain",
         "In welchem Jahr gab es die meisten Gefallenen?",
         f"expect = TOP(df.set_index('Jahr')['{GF}'], 1, 'battle deaths')"),
        ("b9-usg-04", "de", "plain",
         "Welcher Regierungschef taucht am häufigsten in den Daten auf?",
         f"expect = TOP(df['{RC}'].value_counts(), 1, 'rows')"),
        ("b9-usg-05", "de", "plain",
         "Summe der Gefallenen je Krieg, bitte.",
         f"expect = BY(df.groupby('{KR}')['{GF}'].sum(), 'sum of battle deaths')"),
        ("b9-usg-06", "de", "constraint",
         "Korrelation nach Pearson zwischen dem BIP-Anteil der Bundesausgaben und dem BIP-Anteil der "
         "Bundesschulden, nur für die Jahre ab 1900; Ergebnis auf 3 Dezimalstellen.",
         f"d = df[df['Jahr'] >= 1900]\n"
         f"expect = S(d['{AS}'].corr(d['{SCQ}']), round=3)"),
        ("b9-usg-07", "de", "constraint",
         "Nur die Jahre ab 1948 (ab dann steht die Arbeitslosigkeit in Prozent): Ist die Arbeitslosigkeit "
         "in Jahren mit Keynes = 1 anders als in Jahren mit Keynes = 0? Welch-Test (ungleiche Varianzen), "
         "Irrtumswahrscheinlichkeit 5 %.",
         f"d = df[df['Jahr'] >= 1948]\n"
         f"expect = TEST(stats.ttest_ind(d.loc[d['Keynes'] == 1, '{AL}'], d.loc[d['Keynes'] == 0, '{AL}'], "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b9-usg-08", "de", "constraint",
         "Definiere die Inflation eines Jahres als prozentuale Veränderung des Verbraucherpreisindex "
         "gegenüber dem Vorjahr. Wie hoch war die durchschnittliche Inflation von 1951 bis 2020? "
         "Zwei Nachkommastellen, in Prozent.",
         f"s = df.set_index('Jahr')['{VPI}'].sort_index()\n"
         "infl = s.pct_change() * 100\n"
         "expect = S(infl.loc[1951:2020].mean(), round=2, percent=True)"),
        ("b9-usg-09", "de", "constraint",
         "Zähle die Ausreißer im Bundesüberschuss Anteil am BIP nach der IQR-Regel: unter Q1 minus "
         "1,5 IQR oder über Q3 plus 1,5 IQR.",
         f"expect = S(iqr_outliers(df['{UEQ}']))"),
        ("b9-usg-10", "de", "constraint",
         "Wie stark hängen Bevölkerung und reales BIP pro Kopf zusammen? Rangkorrelation nach "
         "Spearman, auf 4 Stellen gerundet.",
         f"d = df[['{BEV}', '{RBIP}']].dropna()\n"
         f"expect = S(d['{BEV}'].corr(d['{RBIP}'], method='spearman'), round=4)"),
        ("b9-usg-11", "de", "constraint",
         "Schritt 1: nur Jahre ab 1946 behalten. Schritt 2: nach Regierungschef gruppieren. Schritt 3: "
         "den Mittelwert von Bundesausgaben Anteil am BIP bilden. Schritt 4: die drei Regierungschefs mit "
         "den höchsten Werten nennen.",
         f"d = df[df['Jahr'] >= 1946]\n"
         f"expect = TOP(d.groupby('{RC}')['{AS}'].mean(), 3, 'mean federal outlays share of GDP')"),
        ("b9-usg-12", "de", "plain",
         "Um wie viel sind die Bundesschulden von 2000 bis 2020 gestiegen?",
         f"s = df.set_index('Jahr')['{SC}']\n"
         "expect = S(s.loc[2020] - s.loc[2000])"),
        ("b9-usg-13", "de", "ask",
         "Wie hoch war der durchschnittliche Leitzins in den 1980er Jahren?",
         "expect = AR('no interest rate column (policy rate) in the file')"),
        ("b9-usg-14", "en", "plain",
         "What's the median consumer price index over the years where it is recorded?",
         f"expect = S(df['{VPI}'].median())"),
        ("b9-usg-15", "en", "constraint",
         "Fit a simple linear regression of real GDP per capita on the year, using 1947 onwards only. "
         "Report the slope, rounded to 2 decimal places.",
         f"d = df.loc[df['Jahr'] >= 1947, ['Jahr', '{RBIP}']].dropna()\n"
         f"expect = S(stats.linregress(d['Jahr'], d['{RBIP}']).slope, round=2)"),
        ("b9-usg-16", "en", "plain",
         "for each war, what was the highest number of battle deaths per million people in any one year?",
         f"expect = BY(df.groupby('{KR}')['{GFM}'].max(), 'max battle deaths per million')"),
        ("b9-usg-17", "en", "ask",
         "What was the average debt during the 1990s?",
         f"d = df[df['Jahr'].between(1990, 1999)]\n"
         f"assert abs(d['{SC}'].mean() - d['{SCQ}'].mean()) > 1\n"
         f"expect = AR('debt: {SC} (dollars) or {SCQ} (share of GDP), different numbers')"),
        ("b9-usg-18", "en", "constraint",
         "Call a year a war year when the Krieg column is filled in. Is being a war year independent of "
         "the Keynes flag? Chi-square test of independence on the 2x2 table (scipy default continuity "
         "correction), alpha 0.05.",
         f"t = pd.crosstab(df['{KR}'].notna(), df['Keynes'])\n"
         "r = stats.chi2_contingency(t)\n"
         "expect = TEST((r[0], r[1]), alpha=0.05, name='chi-square 2x2 (Yates)')"),
        ("b9-usg-19", "en", "plain",
         "In how many years did the federal government run a surplus (Bundesüberschuss above zero)?",
         f"expect = S(int((df['{UE}'] > 0).sum()))"),
        ("b9-usg-20", "fr", "plain",
         "Quel a été le solde fédéral moyen (Bundesüberschuss) pendant les années Obama ?",
         f"expect = S(df.loc[df['{RC}'] == 'Obama', '{UE}'].mean())"),
    ],
    # ------------------------------------------------ Ecdat breaches, English headers (JSON records)
    "b9_breaches.json": [
        ("b9-bre-01", "en", "plain",
         "how many breaches does this file list?",
         "expect = S(len(df))"),
        ("b9-bre-02", "en", "plain",
         "Across all the incidents, how many individuals were affected in total?",
         f"expect = S(df['{IA}'].sum())"),
        ("b9-bre-03", "en", "plain",
         "Top five states by number of reported breaches?",
         "expect = TOP(df['State'].value_counts(), 5, 'breaches')"),
        ("b9-bre-04", "en", "plain",
         "What is the median number of people affected by a breach in Texas?",
         f"expect = S(df.loc[df['State'] == 'TX', '{IA}'].median())"),
        ("b9-bre-05", "en", "plain",
         "Could you count the breaches for every year?",
         "expect = BY(df.groupby('year').size(), 'breaches')"),
        ("b9-bre-06", "en", "constraint",
         "Do breaches of type 'Theft' and of type 'Hacking/IT Incident' differ in the number of "
         "individuals affected? Use a two-sided Mann-Whitney U test at alpha = 0.01.",
         f"a = df.loc[df['{TB}'] == 'Theft', '{IA}']; b = df.loc[df['{TB}'] == 'Hacking/IT Incident', '{IA}']\n"
         "e = mwu(a, b)\n"
         "for alt in e['any_of']:\n    alt['test']['alpha'] = 0.01; alt['test']['significant'] = alt['test']['p_value'] < 0.01\n"
         "expect = e"),
        ("b9-bre-07", "en", "constraint",
         "Take the base-10 logarithm of Individuals_Affected for every breach and report the mean of "
         "those logs to 3 decimals.",
         f"expect = S(np.log10(df['{IA}']).mean(), round=3)"),
        ("b9-bre-08", "en", "constraint",
         "What percentage of breaches involved a business associate (Business_Associate_Involved not "
         "empty)? Round to one decimal.",
         "expect = S(100 * df['Business_Associate_Involved'].notna().mean(), round=1, percent=True)"),
        ("b9-bre-09", "en", "constraint",
         "Using breach_start as the breach date, how many breaches started in the first half of 2010 "
         "(1 January to 30 June 2010, both included)?",
         "d = pd.to_datetime(df['breach_start'])\n"
         "expect = S(int(d.between('2010-01-01', '2010-06-30').sum()))"),
        ("b9-bre-10", "en", "constraint",
         "Cap Individuals_Affected at its 99th percentile (values above it set to the percentile, "
         "linear interpolation), then give the mean of the capped column.",
         f"q = df['{IA}'].quantile(0.99)\n"
         f"expect = S(df['{IA}'].clip(upper=q).mean())"),
        ("b9-bre-11", "en", "plain",
         "which breach type hit the most people overall?",
         f"expect = TOP(df.groupby('{TB}')['{IA}'].sum(), 1, 'individuals affected')"),
        ("b9-bre-12", "en", "constraint",
         "Compare individuals affected across four breach types - Theft, Loss, Hacking/IT Incident and "
         "Unauthorized Access/Disclosure - with a Kruskal-Wallis H test; significance level 5%.",
         "g = [df.loc[df['Type_of_Breach'] == t, 'Individuals_Affected'] for t in "
         "('Theft', 'Loss', 'Hacking/IT Incident', 'Unauthorized Access/Disclosure')]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b9-bre-13", "en", "plain",
         "Which covered entity had the single largest breach, by people affected?",
         f"expect = TOP(df.set_index('Name_of_Covered_Entity')['{IA}'], 1, 'individuals affected')"),
        ("b9-bre-14", "en", "constraint",
         "Define the reporting lag as the number of days from breach_start to Date_Posted_or_Updated. "
         "What is the median reporting lag in days?",
         "lag = (pd.to_datetime(df['Date_Posted_or_Updated']) - pd.to_datetime(df['breach_start'])).dt.days\n"
         "expect = S(lag.median())"),
        ("b9-bre-15", "en", "constraint",
         "Restricting to the years 2010 through 2013, give the average number of individuals affected "
         "per breach for each year, rounded to 1 decimal.",
         f"d = df[df['year'].between(2010, 2013)]\n"
         f"expect = BY(d.groupby('year')['{IA}'].mean(), 'mean individuals affected', round=1)"),
        ("b9-bre-16", "en", "ask",
         "Which location comes up most often in these breaches?",
         f"a = df['State'].value_counts().index[0]; b = df['{LB}'].value_counts().index[0]\n"
         "assert a != b\n"
         f"expect = AR('location: State or {LB}, different answers')"),
        ("b9-bre-17", "en", "ask",
         "What was the average fine paid per breach?",
         "expect = AR('no fine / penalty amount in the file')"),
        ("b9-bre-18", "fr", "plain",
         "Combien de violations ont eu pour support exactement « Laptop » (Location_of_Breached_Information) ?",
         f"expect = S(int((df['{LB}'] == 'Laptop').sum()))"),
        ("b9-bre-19", "fr", "constraint",
         "Combien de valeurs aberrantes dans Individuals_Affected selon la règle du score z "
         "(|z| strictement supérieur à 3) ?",
         f"expect = z_outliers_any(df['{IA}'])"),
        ("b9-bre-20", "de", "plain",
         "Wie viele Betroffene gab es durchschnittlich pro Vorfall im Bundesstaat CA?",
         f"expect = S(df.loc[df['State'] == 'CA', '{IA}'].mean())"),
    ],
    # ------------------------------------------------ HistData CholeraDeaths1849, French headers (xlsx)
    "b9_choleradeaths1849_fr.xlsx": [
        ("b9-cho-01", "fr", "plain",
         "Combien de personnes sont mortes du choléra en 1849 au total ?",
         f"expect = S(df.loc[df['{CD}'] == 'Cholera', '{DC}'].sum())"),
        ("b9-cho-02", "fr", "plain",
         "Quel mois a enregistré le plus de décès dus au choléra ?",
         f"expect = TOP(df[df['{CD}'] == 'Cholera'].groupby('Mois')['{DC}'].sum(), 1, 'cholera deaths')"),
        ("b9-cho-03", "fr", "constraint",
         "Les décès quotidiens par choléra et par diarrhée ont-ils la même distribution ? Test de "
         "Mann-Whitney bilatéral, seuil alpha = 0,05.",
         f"a = df.loc[df['{CD}'] == 'Cholera', '{DC}']; b = df.loc[df['{CD}'] == 'Diarrhaea', '{DC}']\n"
         "expect = mwu(a, b)"),
        ("b9-cho-04", "fr", "constraint",
         "1) Mettre les décès par choléra et par diarrhée côte à côte pour chaque date. 2) Calculer la "
         "corrélation de Spearman entre les deux séries. 3) Arrondir à 3 décimales.",
         f"p = df.pivot(index='Date', columns='{CD}', values='{DC}')\n"
         "expect = S(p['Cholera'].corr(p['Diarrhaea'], method='spearman'), round=3)"),
        ("b9-cho-05", "fr", "plain",
         "Combien de jours le choléra a-t-il fait plus de 500 morts ?",
         f"expect = S(int(((df['{CD}'] == 'Cholera') & (df['{DC}'] > 500)).sum()))"),
        ("b9-cho-06", "fr", "plain",
         "Quelle part de l'ensemble des décès de l'année revient au choléra, en pourcentage ?",
         f"expect = S(100 * df.loc[df['{CD}'] == 'Cholera', '{DC}'].sum() / df['{DC}'].sum(), percent=True)"),
        ("b9-cho-07", "fr", "constraint",
         "Pour le choléra uniquement, les décès varient-ils selon le jour de la semaine ? Faites un test "
         "de Kruskal-Wallis au seuil de 5 %.",
         f"d = df[df['{CD}'] == 'Cholera']\n"
         f"expect = TEST(stats.kruskal(*[g['{DC}'] for _, g in d.groupby('{JS}')]), alpha=0.05, name='Kruskal-Wallis')"),
        ("b9-cho-08", "fr", "constraint",
         "Nombre de valeurs aberrantes parmi les décès quotidiens par choléra, règle de 1,5 fois l'écart "
         "interquartile.",
         f"expect = S(iqr_outliers(df.loc[df['{CD}'] == 'Cholera', '{DC}']))"),
        ("b9-cho-09", "fr", "constraint",
         "En se limitant à la période du 1er juillet au 30 septembre 1849 inclus, quel est le total des "
         "décès, toutes causes confondues ?",
         f"d = pd.to_datetime(df['Date'])\n"
         f"expect = S(df.loc[d.between('1849-07-01', '1849-09-30'), '{DC}'].sum())"),
        ("b9-cho-10", "fr", "ask",
         "Quelle était la température moyenne les jours où le choléra a tué plus de 100 personnes ?",
         "expect = AR('no temperature column in the file')"),
        ("b9-cho-11", "fr", "ask",
         "Quel jour a compté le plus de décès ?",
         f"a = df.groupby('Date')['{DC}'].sum().idxmax(); b = df.groupby('{JS}')['{DC}'].sum().idxmax()\n"
         f"c = df.groupby('Jour du mois')['{DC}'].sum().idxmax()\n"
         "assert len({str(a), str(b), str(c)}) == 3\n"
         f"expect = AR('jour: a date, a day of the week ({JS}) or a day of the month, different answers')"),
        ("b9-cho-12", "en", "constraint",
         "What was the average number of cholera deaths per day in August? Give it to 2 decimals.",
         f"expect = S(df.loc[(df['{CD}'] == 'Cholera') & (df['Mois'] == 'Aug'), '{DC}'].mean(), round=2)"),
        ("b9-cho-13", "en", "constraint",
         "Treat Saturday and Sunday as the weekend. Test whether daily diarrhoea deaths differ between "
         "weekend days and weekdays with Welch's t-test, alpha 0.05.",
         f"d = df[df['{CD}'] == 'Diarrhaea']; w = d['{JS}'].isin(['Sat', 'Sun'])\n"
         f"expect = TEST(stats.ttest_ind(d.loc[w, '{DC}'], d.loc[~w, '{DC}'], equal_var=False), alpha=0.05, name='Welch t')"),
        ("b9-cho-14", "en", "plain",
         "List the three months with the most diarrhoea deaths.",
         f"expect = TOP(df[df['{CD}'] == 'Diarrhaea'].groupby('Mois')['{DC}'].sum(), 3, 'diarrhoea deaths')"),
        ("b9-cho-15", "en", "plain",
         "how much do the daily cholera death counts vary - standard deviation?",
         f"expect = std_any(df.loc[df['{CD}'] == 'Cholera', '{DC}'])"),
        ("b9-cho-16", "en", "constraint",
         "Compute the 90th percentile of daily cholera deaths (linear interpolation), rounded to 1 decimal.",
         f"expect = S(df.loc[df['{CD}'] == 'Cholera', '{DC}'].quantile(0.9), round=1)"),
        ("b9-cho-17", "en", "plain",
         "By how much did monthly cholera deaths change from June to July?",
         f"m = df[df['{CD}'] == 'Cholera'].groupby('Mois')['{DC}'].sum()\n"
         "expect = S(m['July'] - m['Jun'])"),
        ("b9-cho-18", "en", "plain",
         "Median daily deaths from diarrhoea?",
         f"expect = S(df.loc[df['{CD}'] == 'Diarrhaea', '{DC}'].median())"),
        ("b9-cho-19", "en", "constraint",
         "Smooth the daily cholera deaths with a 7-day trailing moving average (the day and the six "
         "before it, in date order). What is the peak of the smoothed series? One decimal.",
         f"s = df[df['{CD}'] == 'Cholera'].sort_values('Date')['{DC}']\n"
         "expect = S(s.rolling(7).mean().max(), round=1)"),
        ("b9-cho-20", "de", "plain",
         "Wie viele Todesfälle durch Durchfall (Diarrhaea) gab es im Dezember insgesamt?",
         f"expect = S(df.loc[(df['{CD}'] == 'Diarrhaea') & (df['Mois'] == 'Dec'), '{DC}'].sum())"),
    ],
    # ------------------------------------------------ HistData OldMaps, English headers (TSV)
    "b9_oldmaps.tsv": [
        ("b9-old-01", "en", "plain",
         "How many different maps are there? Each map has its own number in col.",
         "expect = S(df['col'].nunique())"),
        ("b9-old-02", "en", "plain",
         "How many rows are missing the year?",
         "expect = S(int(df['year'].isna().sum()))"),
        ("b9-old-03", "en", "plain",
         "Show me the mean latitude by map name.",
         "expect = BY(df.groupby('name')['lat'].mean(), 'mean latitude')"),
        ("b9-old-04", "en", "plain",
         "Which mapmaker's map is the oldest one here?",
         "expect = TOP(df.groupby('name')['year'].min(), 1, 'year', ascending=True)"),
        ("b9-old-05", "en", "constraint",
         "Treat the rows named 'Actual' as the true positions. For every other row, the latitude error is "
         "the absolute difference between its lat and the Actual lat of the same point. Which map name has "
         "the smallest mean latitude error?",
         "act = df[df['name'] == 'Actual'].set_index('point')['lat']\n"
         "d = df[df['name'] != 'Actual'].copy(); d['err'] = (d['lat'] - d['point'].map(act)).abs()\n"
         "expect = TOP(d.groupby('name')['err'].mean(), 1, 'mean absolute latitude error', ascending=True)"),
        ("b9-old-06", "en", "constraint",
         "Step 1: longitude error = |long - long of the Actual row for the same point|. Step 2: average it "
         "per map (col), leaving out the Actual map. Step 3: Pearson correlation between the map's year "
         "and that average. Round to 3 decimals.",
         "act = df[df['name'] == 'Actual'].set_index('point')['long']\n"
         "d = df[df['name'] != 'Actual'].copy(); d['err'] = (d['long'] - d['point'].map(act)).abs()\n"
         "g = d.groupby('col').agg(year=('year', 'first'), err=('err', 'mean'))\n"
         "expect = S(g['year'].corr(g['err']), round=3)"),
        ("b9-old-07", "en", "plain",
         "median longitude for point 20, over all rows of that point",
         "expect = S(df.loc[df['point'] == 20, 'long'].median())"),
        ("b9-old-08", "en", "plain",
         "What are the lowest and the highest latitude in the data?",
         "expect = NUMS([df['lat'].min(), df['lat'].max()])"),
        ("b9-old-09", "en", "constraint",
         "Flag latitude outliers with Tukey's fences (1.5 x IQR below Q1 or above Q3). How many rows are flagged?",
         "expect = S(iqr_outliers(df['lat']))"),
        ("b9-old-10", "en", "constraint",
         "Only maps drawn before 1750: what's their mean longitude? Two decimals please.",
         "expect = S(df.loc[df['year'] < 1750, 'long'].mean(), round=2)"),
        ("b9-old-11", "en", "plain",
         "Number of rows per map name?",
         "expect = BY(df.groupby('name').size(), 'rows')"),
        ("b9-old-12", "en", "constraint",
         "Match Mitchell's and Melish's maps point by point and run a paired t-test on latitude. Alpha 0.05.",
         "a = df[df['name'] == 'Mitchell'].set_index('point')['lat'].sort_index()\n"
         "b = df[df['name'] == 'Melish'].set_index('point')['lat'].sort_index()\n"
         "expect = TEST(stats.ttest_rel(a, b), alpha=0.05, name='paired t')"),
        ("b9-old-13", "en", "plain",
         "Which point has the widest range of latitudes (max minus min) across the maps?",
         "g = df.groupby('point')['lat']\n"
         "expect = TOP(g.max() - g.min(), 1, 'latitude range')"),
        ("b9-old-14", "en", "constraint",
         "Drop every row with a negative latitude, then compute the mean latitude of what's left, to 3 decimals.",
         "expect = S(df.loc[df['lat'] >= 0, 'lat'].mean(), round=3)"),
        ("b9-old-15", "en", "plain",
         "How many rows come from maps dated 1755?",
         "expect = S(int((df['year'] == 1755).sum()))"),
        ("b9-old-16", "en", "constraint",
         "For the Actual rows only, what is the Spearman rank correlation between latitude and longitude? "
         "Round to 3 dp.",
         "d = df[df['name'] == 'Actual']\n"
         "expect = S(d['lat'].corr(d['long'], method='spearman'), round=3)"),
        ("b9-old-17", "en", "constraint",
         "Over the rows that have a year, give the 10th and 90th percentiles of year (linear interpolation).",
         "expect = NUMS([df['year'].quantile(0.1), df['year'].quantile(0.9)])"),
        ("b9-old-18", "en", "ask",
         "What's the average elevation of the points?",
         "expect = AR('no elevation column in the file')"),
        ("b9-old-19", "en", "ask",
         "Give me the mean coordinate of the points on the Popple map.",
         "d = df[df['name'] == 'Popple']\n"
         "assert abs(d['lat'].mean() - d['long'].mean()) > 1\n"
         "expect = AR('coordinate: lat or long, different numbers')"),
        ("b9-old-20", "fr", "plain",
         "Quelle est la longitude moyenne des points sur la carte d'Arrowsmith ?",
         "expect = S(df.loc[df['name'] == 'Arrowsmith', 'long'].mean())"),
    ],
}
