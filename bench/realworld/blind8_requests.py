"""The 80 requests of the blind split `blind8` (BLIND8.md), each with the pandas / scipy code of its expectation.

REQUESTS[file] is a list of (id, lang, style, request, code); style is `constraint` (a question with a
method constraint, public-benchmark style), `plain` (a plain question) or `ask` (ask_or_refuse). Each
code runs in make_blind8.py with ``df`` (the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
make_expected.py's helpers, and assigns ``expect``.
"""

from __future__ import annotations

W, SJ, X = "Log Stundenlohn", "Schuljahre", "Berufserfahrung in Jahren"
GT, ET, VH, GP = "Gewerkschaftstarif", "Ethnie", "Verheiratet", "Gesundheitsproblem"
KP, AU, AG, OE, KPR = ("Capital público", "Autopistas y calles", "Agua y alcantarillado",
                       "Otros edificios públicos", "Capital privado")
PB, EM, TD = "Producto bruto estatal", "Empleo", "Tasa de desempleo"

REQUESTS: dict[str, list[tuple[str, str, str, str, str]]] = {
    # ------------------------------------------------------------------ Ecdat Males, German headers (TSV)
    "b8_males_de.tsv": [
        ("b8-mal-01", "de", "plain",
         "Wie viele Zeilen (Person-Jahre) stehen insgesamt in der Datei?",
         "expect = S(len(df))"),
        ("b8-mal-02", "de", "plain",
         "Wie viele verschiedene junge Männer sind erfasst? Jeder Mann hat seine eigene Nr.",
         "expect = S(df['Nr'].nunique())"),
        ("b8-mal-03", "de", "plain",
         "Zeig mir bitte den durchschnittlichen Log Stundenlohn für jedes Jahr.",
         f"expect = BY(df.groupby('Jahr')['{W}'].mean(), 'mean log hourly wage')"),
        ("b8-mal-04", "de", "constraint",
         "Unterscheidet sich der Log Stundenlohn zwischen Männern mit und ohne Gewerkschaftstarif? "
         "Verwende einen Welch-t-Test (ungleiche Varianzen), Signifikanzniveau 5 %.",
         f"a = df.loc[df['{GT}'] == 'yes', '{W}']; b = df.loc[df['{GT}'] == 'no', '{W}']\n"
         "expect = TEST(stats.ttest_ind(a, b, equal_var=False), alpha=0.05, name='Welch t')"),
        ("b8-mal-05", "de", "plain",
         "In welcher Branche verdienen die Männer im Mittel am meisten (höchster mittlerer Log Stundenlohn)?",
         f"expect = TOP(df.groupby('Branche')['{W}'].mean(), 1, 'mean log hourly wage')"),
        ("b8-mal-06", "de", "constraint",
         "Berechne den Pearson-Korrelationskoeffizienten zwischen Schuljahren und Log Stundenlohn; "
         "gerundet auf 4 Nachkommastellen.",
         f"expect = S(df['{SJ}'].corr(df['{W}']), round=4)"),
        ("b8-mal-07", "de", "plain",
         "Welcher Anteil aller Beobachtungen stammt von verheirateten Männern? Bitte in Prozent.",
         f"expect = S(100 * (df['{VH}'] == 'yes').mean(), percent=True)"),
        ("b8-mal-08", "de", "constraint",
         "Sind Ethnie und Gewerkschaftstarif voneinander unabhängig? Chi-Quadrat-Test auf der "
         "Kreuztabelle, alpha = 0,01. Bitte Teststatistik und p-Wert angeben.",
         f"t = pd.crosstab(df['{ET}'], df['{GT}'])\n"
         "r = stats.chi2_contingency(t)\n"
         "expect = TEST((r[0], r[1]), alpha=0.01, name='chi-square 3x2')"),
        ("b8-mal-09", "de", "plain",
         "Median der Berufserfahrung in Jahren im Jahr 1987?",
         f"expect = S(df.loc[df['Jahr'] == 1987, '{X}'].median())"),
        ("b8-mal-10", "de", "constraint",
         "Wie viele Ausreißer hat der Log Stundenlohn nach der 1,5-mal-IQR-Regel (Werte unter Q1 − 1,5·IQR "
         "oder über Q3 + 1,5·IQR)?",
         f"expect = S(iqr_outliers(df['{W}']))"),
        ("b8-mal-11", "de", "plain",
         "Nenn mir die drei häufigsten Berufe, nach Anzahl der Zeilen absteigend.",
         "expect = TOP(df['Beruf'].value_counts(), 3, 'rows')"),
        ("b8-mal-12", "de", "constraint",
         "Vorgehen: (1) nur die Jahre 1980 und 1987 behalten; (2) den mittleren Log Stundenlohn je Jahr "
         "bilden; (3) die Differenz 1987 minus 1980 ausgeben, auf 3 Dezimalstellen gerundet.",
         f"m = df[df['Jahr'].isin([1980, 1987])].groupby('Jahr')['{W}'].mean()\n"
         "expect = S(m[1987] - m[1980], round=3)"),
        ("b8-mal-13", "de", "constraint",
         "Fehlende Werte in der Wohnregion bitte mit 'unbekannt' auffüllen und danach die Zeilen je "
         "Wohnregion zählen (einschließlich 'unbekannt').",
         "expect = BY(df['Wohnregion'].fillna('unbekannt').value_counts().rename_axis('Wohnregion'), 'rows')"),
        ("b8-mal-14", "de", "ask",
         "Wie hoch ist das durchschnittliche Jahreseinkommen in Dollar je Wohnregion?",
         "expect = AR('no yearly income in dollars: the file has only the log hourly wage')"),
        ("b8-mal-15", "de", "ask",
         "Wie viele Jahre im Schnitt, aufgeschlüsselt nach Ethnie?",
         f"a = df.groupby('{ET}')['{SJ}'].mean(); b = df.groupby('{ET}')['{X}'].mean()\n"
         "assert (a - b).abs().min() > 1\n"
         "expect = AR(\"'Jahre' is years of schooling (Schuljahre) or years of experience "
         "(Berufserfahrung in Jahren), or the survey year: different numbers\")"),
        ("b8-mal-16", "de", "constraint",
         "Kruskal-Wallis-Test: unterscheidet sich der Log Stundenlohn zwischen den Wohnregionen? Zeilen "
         "ohne Wohnregion weglassen, alpha 0,05.",
         f"g = [s.dropna() for _, s in df.dropna(subset=['Wohnregion']).groupby('Wohnregion')['{W}']]\n"
         "expect = TEST(stats.kruskal(*g), alpha=0.05, name='Kruskal-Wallis')"),
        ("b8-mal-17", "en", "plain",
         "For each ethnic group, what's the median log hourly wage?",
         f"expect = BY(df.groupby('{ET}')['{W}'].median(), 'median log hourly wage')"),
        ("b8-mal-18", "en", "constraint",
         "Call a worker a high-school graduate when Schuljahre is 12 or more. Looking only at the years "
         "1985 onwards, what percentage of the rows are high-school graduates? One decimal place.",
         f"d = df[df['Jahr'] >= 1985]\n"
         f"expect = S(100 * (d['{SJ}'] >= 12).mean(), round=1, percent=True)"),
        ("b8-mal-19", "en", "plain",
         "how many of the men report a health problem in each year?",
         f"expect = BY((df['{GP}'] == 'yes').groupby(df['Jahr']).sum(), 'men with a health problem')"),
        ("b8-mal-20", "en", "constraint",
         "Paired t-test, alpha 0.05: compare each man's log hourly wage in 1980 with his own log hourly "
         "wage in 1987 (men observed in both years). Give t and the p-value.",
         f"p = df[df['Jahr'].isin([1980, 1987])].pivot(index='Nr', columns='Jahr', values='{W}').dropna()\n"
         "expect = TEST(stats.ttest_rel(p[1987], p[1980]), alpha=0.05, name='paired t')"),
    ],
    # ------------------------------------------------------------------ Ecdat PatentsHGH, English (CSV)
    "b8_patentshgh.csv": [
        ("b8-pat-01", "en", "plain",
         "How many firms does this file cover? Each firm has its own obsno.",
         "expect = S(df['obsno'].nunique())"),
        ("b8-pat-02", "en", "plain",
         "What's the average pat for firms in the scientific sector compared with the rest (scisect)?",
         "expect = BY(df.groupby('scisect')['pat'].mean(), 'mean pat')"),
        ("b8-pat-03", "en", "constraint",
         "Using one row per firm (the rows with year = 1), run a two-sided Mann-Whitney U test of sumpat "
         "between scisect = yes and scisect = no at alpha 0.05.",
         "d = df[df['year'] == 1]\n"
         "expect = mwu(d.loc[d['scisect'] == 'yes', 'sumpat'], d.loc[d['scisect'] == 'no', 'sumpat'])"),
        ("b8-pat-04", "en", "plain",
         "Top 5 companies by sumpat - list their cusip please (count each firm once).",
         "d = df[df['year'] == 1]\n"
         "expect = TOP(d.set_index('cusip')['sumpat'], 5, 'sumpat')"),
        ("b8-pat-05", "en", "plain",
         "total pat over all the rows where year equals 3?",
         "expect = S(df.loc[df['year'] == 3, 'pat'].sum())"),
        ("b8-pat-06", "en", "constraint",
         "Spearman rank correlation between logk and sumpat, with one row per firm (year 1 only). "
         "Round to 3 decimals.",
         "d = df[df['year'] == 1]\n"
         "expect = S(d['logk'].corr(d['sumpat'], method='spearman'), round=3)"),
        ("b8-pat-07", "en", "constraint",
         "The industry code ardsic uses -999 for a missing code. Treating -999 as missing, how many distinct "
         "firms (obsno) have no industry code?",
         "expect = S(df.loc[df['ardsic'] == -999, 'obsno'].nunique())"),
        ("b8-pat-08", "en", "constraint",
         "Cap pat at its 99th percentile (values above it are set to the percentile, linear interpolation), "
         "then report the mean of the capped pat to 4 decimals.",
         "c = df['pat'].quantile(0.99)\n"
         "expect = S(df['pat'].clip(upper=c).mean(), round=4)"),
        ("b8-pat-09", "en", "plain",
         "median of logk?",
         "expect = S(df['logk'].median())"),
        ("b8-pat-10", "en", "constraint",
         "How many rows are outliers in sumpat by the z-score rule |z| > 3?",
         "expect = z_outliers_any(df['sumpat'])"),
        ("b8-pat-11", "en", "plain",
         "Could you break down the mean of pat by year?",
         "expect = BY(df.groupby('year')['pat'].mean(), 'mean pat')"),
        ("b8-pat-12", "en", "constraint",
         "Fit an ordinary least squares line pat = a + b * logr5. What is the slope b? 4 decimals.",
         "expect = S(stats.linregress(df['logr5'], df['pat']).slope, round=4)"),
        ("b8-pat-13", "en", "plain",
         "What percentage of rows has a sumpat of zero?",
         "expect = S(100 * (df['sumpat'] == 0).mean(), percent=True)"),
        ("b8-pat-14", "en", "ask",
         "What is the average R&D spending in millions of dollars per firm?",
         "expect = AR('no R&D spending in dollars: the file has only coded / logged columns (logr..., pat...)')"),
        ("b8-pat-15", "en", "ask",
         "What's the mean number of patents for firms in the scientific sector?",
         "d = df[df['scisect'] == 'yes']\n"
         "assert abs(d['sumpat'].mean() - d['pat'].mean()) > 1\n"
         "expect = AR(\"'number of patents' is sumpat or pat (or its lags pat1..pat4): different numbers\")"),
        ("b8-pat-16", "de", "plain",
         "Wie viele Firmen gehören zum wissenschaftlichen Sektor (scisect = yes)? Jede Firma nur einmal zählen.",
         "expect = S(df.loc[df['scisect'] == 'yes', 'obsno'].nunique())"),
        ("b8-pat-17", "de", "constraint",
         "Einfaktorielle Varianzanalyse (ANOVA): unterscheidet sich pat zwischen den Werten von year? "
         "Signifikanzniveau 0,05.",
         "g = [s.dropna() for _, s in df.groupby('year')['pat']]\n"
         "expect = TEST(stats.f_oneway(*g), alpha=0.05, name='one-way ANOVA')"),
        ("b8-pat-18", "es", "plain",
         "¿Cuáles son el valor mínimo y el máximo de logk?",
         "expect = NUMS([df['logk'].min(), df['logk'].max()])"),
        ("b8-pat-19", "fr", "constraint",
         "Calculez la corrélation de Pearson entre pat et pat1, arrondie à 3 décimales.",
         "expect = S(df['pat'].corr(df['pat1']), round=3)"),
        ("b8-pat-20", "en", "constraint",
         "Steps: 1) keep the year 5 rows; 2) keep the firms in the scientific sector; 3) give the 25th, "
         "50th and 75th percentiles of pat.",
         "d = df[(df['year'] == 5) & (df['scisect'] == 'yes')]\n"
         "expect = NUMS(d['pat'].quantile([0.25, 0.5, 0.75]).tolist())"),
    ],
    # ------------------------------------------------------------------ Ecdat Produc, Spanish headers (xlsx)
    "b8_produc_es.xlsx": [
        ("b8-pro-01", "es", "plain",
         "¿Cuántos estados distintos hay en la hoja?",
         "expect = S(df['Estado'].nunique())"),
        ("b8-pro-02", "es", "plain",
         "¿Qué estado tuvo el producto bruto estatal más alto en 1986?",
         f"expect = TOP(df[df['Año'] == 1986].set_index('Estado')['{PB}'], 1, 'gross state product 1986')"),
        ("b8-pro-03", "es", "plain",
         "Quisiera ver la tasa de desempleo media de cada año.",
         f"expect = BY(df.groupby('Año')['{TD}'].mean(), 'mean unemployment rate')"),
        ("b8-pro-04", "es", "constraint",
         "Calcula la correlación de Pearson entre el capital público y el producto bruto estatal, "
         "redondeada a 4 decimales.",
         f"expect = S(df['{KP}'].corr(df['{PB}']), round=4)"),
        ("b8-pro-05", "es", "plain",
         "Los cinco estados con la tasa de desempleo promedio más alta en todo el periodo, de mayor a menor.",
         f"expect = TOP(df.groupby('Estado')['{TD}'].mean(), 5, 'mean unemployment rate')"),
        ("b8-pro-06", "es", "constraint",
         "Con una prueba t pareada (alfa = 0,05), compara la tasa de desempleo de cada estado en 1982 con "
         "la de 1979. ¿Es significativa la diferencia?",
         f"p = df.pivot(index='Estado', columns='Año', values='{TD}')\n"
         "expect = TEST(stats.ttest_rel(p[1982], p[1979]), alpha=0.05, name='paired t')"),
        ("b8-pro-07", "es", "plain",
         "¿Cuál fue el empleo total, sumando todos los estados, en 1970 y en 1986?",
         f"expect = BY(df[df['Año'].isin([1970, 1986])].groupby('Año')['{EM}'].sum(), 'total employment')"),
        ("b8-pro-08", "es", "constraint",
         "Define la productividad como producto bruto estatal dividido entre empleo, fila por fila. ¿Qué "
         "estado tiene la productividad media más alta (promedio de sus años)?",
         f"d = df.assign(prod=df['{PB}'] / df['{EM}'])\n"
         "expect = TOP(d.groupby('Estado')['prod'].mean(), 1, 'mean GSP per employee')"),
        ("b8-pro-09", "es", "plain",
         "mediana del capital privado en 1980?",
         f"expect = S(df.loc[df['Año'] == 1980, '{KPR}'].median())"),
        ("b8-pro-10", "es", "constraint",
         "¿En qué porcentaje creció el producto bruto estatal de CALIFORNIA entre 1970 y 1986? Con 2 "
         "decimales.",
         f"c = df[df['Estado'] == 'CALIFORNIA'].set_index('Año')['{PB}']\n"
         "expect = S(100 * (c[1986] / c[1970] - 1), round=2, percent=True)"),
        ("b8-pro-11", "es", "constraint",
         "Cuenta los valores atípicos de la tasa de desempleo según la regla de 1,5 veces el rango "
         "intercuartílico (cuartiles con interpolación lineal).",
         f"expect = S(iqr_outliers(df['{TD}']))"),
        ("b8-pro-12", "es", "plain",
         "¿Cuántos registros tienen una tasa de desempleo por encima del 10?",
         f"expect = S(int((df['{TD}'] > 10).sum()))"),
        ("b8-pro-13", "es", "ask",
         "¿Cuál es la población media de cada estado?",
         "expect = AR('no population column: the file has capital stocks, GSP, employment and unemployment rate')"),
        ("b8-pro-14", "es", "ask",
         "Dame el capital medio por estado, por favor.",
         f"a = df.groupby('Estado')['{KP}'].mean(); b = df.groupby('Estado')['{KPR}'].mean()\n"
         "assert (a - b).abs().min() > 1\n"
         "expect = AR(\"'capital' is Capital público or Capital privado: different numbers\")"),
        ("b8-pro-15", "es", "constraint",
         "Pasos: 1) filtra los años 1980 a 1985, ambos incluidos; 2) suma autopistas y calles de todos los "
         "estados por año; 3) ¿qué año tiene la suma más alta?",
         f"d = df[(df['Año'] >= 1980) & (df['Año'] <= 1985)]\n"
         f"expect = TOP(d.groupby('Año')['{AU}'].sum(), 1, 'sum highways and streets')"),
        ("b8-pro-16", "es", "constraint",
         "Coeficiente de correlación de Spearman entre agua y alcantarillado y otros edificios públicos, "
         "con 3 decimales.",
         f"expect = S(df['{AG}'].corr(df['{OE}'], method='spearman'), round=3)"),
        ("b8-pro-17", "en", "plain",
         "Which state had the lowest unemployment rate in 1973?",
         f"expect = TOP(df[df['Año'] == 1973].set_index('Estado')['{TD}'], 1, 'unemployment rate 1973', ascending=True)"),
        ("b8-pro-18", "en", "constraint",
         "For every row compute the highway share of public capital (Autopistas y calles / Capital público). "
         "What is the mean share in 1986, as a percentage with 1 decimal?",
         f"d = df[df['Año'] == 1986]\n"
         f"expect = S(100 * (d['{AU}'] / d['{KP}']).mean(), round=1, percent=True)"),
        ("b8-pro-19", "en", "plain",
         "Give me the minimum, maximum and mean unemployment rate.",
         f"expect = NUMS([df['{TD}'].min(), df['{TD}'].max(), df['{TD}'].mean()])"),
        ("b8-pro-20", "en", "constraint",
         "Regress gross state product on employment with OLS (GSP = a + b * employment). Report the slope "
         "rounded to 2 decimals.",
         f"expect = S(stats.linregress(df['{EM}'], df['{PB}']).slope, round=2)"),
    ],
    # ------------------------------------------------------------------ Ecdat SumHes, English (Parquet)
    "b8_sumhes.parquet": [
        ("b8-sum-01", "en", "plain",
         "How many countries are there in the data?",
         "expect = S(df['country'].nunique())"),
        ("b8-sum-02", "en", "plain",
         "average savings rate (sr), OPEC countries vs non-OPEC",
         "expect = BY(df.groupby('opec')['sr'].mean(), 'mean savings rate')"),
        ("b8-sum-03", "en", "plain",
         "Which three countries had the highest gdp in 1985?",
         "expect = TOP(df[df['year'] == 1985].set_index('country')['gdp'], 3, 'gdp 1985')"),
        ("b8-sum-04", "en", "constraint",
         "Is gdp in 1985 different between communist (com = yes) and other countries? Welch's t-test, "
         "alpha = 0.05.",
         "d = df[df['year'] == 1985]\n"
         "expect = TEST(stats.ttest_ind(d.loc[d['com'] == 'yes', 'gdp'], d.loc[d['com'] == 'no', 'gdp'], "
         "equal_var=False), alpha=0.05, name='Welch t')"),
        ("b8-sum-05", "en", "plain",
         "What was the median gdp in 1960, and in 1985?",
         "expect = BY(df[df['year'].isin([1960, 1985])].groupby('year')['gdp'].median(), 'median gdp')"),
        ("b8-sum-06", "en", "constraint",
         "Restrict to the year 1985 and compute the Pearson correlation between sr and gdp (3 decimals).",
         "d = df[df['year'] == 1985]\n"
         "expect = S(d['sr'].corr(d['gdp']), round=3)"),
        ("b8-sum-07", "en", "plain",
         "Sum of pop over all countries for 1985?",
         "expect = S(df.loc[df['year'] == 1985, 'pop'].sum())"),
        ("b8-sum-08", "en", "constraint",
         "Define each country's gdp growth as (gdp in 1985 / gdp in 1960 - 1) * 100. Which country had "
         "the largest growth?",
         "p = df.pivot(index='country', columns='year', values='gdp')\n"
         "expect = TOP(100 * (p[1985] / p[1960] - 1), 1, 'gdp growth 1960-1985 (%)')"),
        ("b8-sum-09", "en", "plain",
         "how many country-years show a negative savings rate?",
         "expect = S(int((df['sr'] < 0).sum()))"),
        ("b8-sum-10", "en", "constraint",
         "Flag gdp values with an absolute z-score above 3 as outliers. How many country-years are flagged?",
         "expect = z_outliers_any(df['gdp'])"),
        ("b8-sum-11", "en", "plain",
         "In which year was the average savings rate across countries highest?",
         "expect = TOP(df.groupby('year')['sr'].mean(), 1, 'mean savings rate')"),
        ("b8-sum-12", "en", "constraint",
         "For the years 1980 and later, test whether sr differs between OPEC and non-OPEC countries with "
         "a two-sided Mann-Whitney U test (alpha 0.05).",
         "d = df[df['year'] >= 1980]\n"
         "expect = mwu(d.loc[d['opec'] == 'yes', 'sr'], d.loc[d['opec'] == 'no', 'sr'])"),
        ("b8-sum-13", "en", "ask",
         "What's the average inflation rate of the OPEC countries?",
         "expect = AR('no inflation column: the file has year, country, opec, com, pop, gdp and sr')"),
        ("b8-sum-14", "en", "ask",
         "What was the average growth of the communist countries between 1960 and 1985?",
         "d = df[df['com'] == 'yes']\n"
         "g = d.pivot(index='country', columns='year', values='gdp'); q = d.pivot(index='country', columns='year', values='pop')\n"
         "assert abs((g[1985] / g[1960]).mean() - (q[1985] / q[1960]).mean()) > 0.05\n"
         "expect = AR(\"'growth' is growth of gdp (per head) or of pop: different numbers\")"),
        ("b8-sum-15", "fr", "plain",
         "Quel est le gdp moyen des pays communistes en 1970 ?",
         "expect = S(df.loc[(df['com'] == 'yes') & (df['year'] == 1970), 'gdp'].mean())"),
        ("b8-sum-16", "fr", "constraint",
         "Donnez l'écart-type du taux d'épargne sr pour l'année 1985.",
         "expect = std_any(df.loc[df['year'] == 1985, 'sr'])"),
        ("b8-sum-17", "de", "plain",
         "Wie viele Länder sind OPEC-Mitglieder (opec = yes)?",
         "expect = S(df.loc[df['opec'] == 'yes', 'country'].nunique())"),
        ("b8-sum-18", "de", "constraint",
         "Berechne für jedes Land den Median von sr über alle Jahre und nenne die 5 Länder mit dem "
         "höchsten Median.",
         "expect = TOP(df.groupby('country')['sr'].median(), 5, 'median savings rate')"),
        ("b8-sum-19", "es", "plain",
         "¿Cuál era la población media (pop) de los países en 1960?",
         "expect = S(df.loc[df['year'] == 1960, 'pop'].mean())"),
        ("b8-sum-20", "en", "constraint",
         "Steps: (1) keep 1970 to 1979 inclusive; (2) average gdp per country over those years; (3) count "
         "the countries whose average is above 5000.",
         "d = df[(df['year'] >= 1970) & (df['year'] <= 1979)]\n"
         "expect = S(int((d.groupby('country')['gdp'].mean() > 5000).sum()))"),
    ],
}
