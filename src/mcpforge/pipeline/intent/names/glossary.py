"""A small glossary of the nouns data columns are named with, in English, German, Spanish and French.

A column header is written in one language and a request often in another: "unemployment rate" for
``Tasa de desempleo``, "log hourly wage" for ``Log Stundenlohn``, "tasa de ahorro" for ``savings_rate``.
``translated_names`` puts both sides into these concepts before comparing them. The vocabulary is the
general one of economic, social, health and geographic data (rates, wages, prices, public finance, places,
people, time, causes of death), not words of any one file; it names what a column *measures* or a category
value a column holds ("Diarrhaea", read by ``translated_values``), never an analysis or a number.

One line a concept (an indented line goes on the one before): ``english; german; spanish; french``, each
a ``|``-list of forms, lower case, accents folded, singular and plural (a form may hold several words:
"marital status"). The concept is the first
English form. A form belongs to one concept only. Parsed once, on first use (``glossary_forms``).
"""

from __future__ import annotations

import functools

from mcpforge.pipeline.intent.words import fold

_TABLE = """
rate|rates|ratio; quote|rate|quoten|raten; tasa|tasas|razon; taux|ratio
index|indices|indexes; index|indizes; indice|indices; indice|indices
share|shares|proportion; anteil|anteile; proporcion|participacion|cuota; part|parts|proportion
unemployment|unemployed|jobless|joblessness; arbeitslosigkeit|arbeitslos|arbeitslose|arbeitslosen;
    desempleo|paro|desocupacion|desempleados; chomage|chomeurs|chomeur
employment|employed|jobs|job; beschaftigung|beschaftigte|erwerbstatige|erwerbstatigkeit;
    empleo|empleos|ocupacion|empleados; emploi|emplois|occupation
labor|labour|workforce; arbeit|arbeitskraft|arbeitskrafte; trabajo|mano de obra; travail|main d'oeuvre
worker|workers|employee|employees; arbeiter|arbeitnehmer|mitarbeiter|angestellte;
    trabajador|trabajadores|asalariado|asalariados;
    travailleur|travailleurs|salarie|salaries|employe|employes
wage|wages|salary|salaries|pay|earnings; lohn|lohne|gehalt|gehalter|verdienst;
    salario|salarios|sueldo|sueldos; salaire|salaires|remuneration
hour|hours|hourly; stunde|stunden|stundlich; hora|horas|por hora; heure|heures|horaire
week|weeks|weekly; woche|wochen|wochentlich; semana|semanas|semanal; semaine|semaines|hebdomadaire
month|months|monthly; monat|monate|monatlich; meses|mensual; mois|mensuel|mensuelle
year|years|yearly|annual; jahr|jahre|jahren|jahrlich; ano|anos|anual; annee|annees|ans|annuel|annuelle
day|days|daily; tag|tage|tagen|taglich; dia|dias|diario; jour|jours|journalier
income|incomes|revenue|revenues; einkommen|einkunfte|einnahmen; ingreso|ingresos|renta|rentas;
    revenu|revenus|recette|recettes
price|prices; preis|preise; precio|precios; prix
cost|costs|expense|expenses|spending|expenditure|expenditures; kosten|ausgaben|aufwand;
    costo|costos|coste|costes|gasto|gastos; cout|couts|depense|depenses
tax|taxes; steuer|steuern|abgabe|abgaben; impuesto|impuestos; impot|impots|taxe|taxes
sales|sale|turnover; umsatz|umsatze|verkauf|verkaufe|absatz; venta|ventas; vente|ventes|chiffre d'affaires
profit|profits; gewinn|gewinne; beneficio|beneficios|ganancia|ganancias; benefice|benefices|profit|profits
investment|investments; investition|investitionen; inversion|inversiones; investissement|investissements
capital; kapital|kapitalstock; capital; capital
savings|saving; ersparnis|ersparnisse|sparen|spar; ahorro|ahorros; epargne
debt|debts; schulden|verschuldung; deuda|deudas; dette|dettes
growth; wachstum; crecimiento; croissance
inflation; inflation|teuerung; inflacion; inflation
interest; zins|zinsen; interes|intereses; interet|interets
value|values; wert|werte; valor|valores; valeur|valeurs
amount|amounts; betrag|betrage|menge; monto|montos|importe|importes|cantidad; montant|montants|quantite
number|count; anzahl|zahl; numero|cantidad de; nombre|nombre de
total; gesamt|summe|insgesamt; total; total
product|products|output; produkt|produkte|produktion|erzeugnis; producto|productos|produccion;
    produit|produits|production
gross; brutto|bruttoinlands; bruto|bruta; brut|brute
net; netto; neto|neta; net|nette
domestic; inland|inlands; interno|interior|domestico; interieur|domestique
real; real|reale|realer|reales|realen; real|reales; reel|reelle|reels
nominal; nominal|nominale|nominaler; nominal|nominales; nominal|nominale
public; offentlich|offentliche|offentlicher|offentliches|offentlichen; publico|publica|publicos|publicas;
    public|publique|publics|publiques
private; privat|private|privater|privates|privaten; privado|privada|privados|privadas;
    prive|privee|prives|privees
state|states; staat|staaten|bundesstaat|bundesstaaten|bundesland|bundeslander|staatlich;
    estado|estados|estatal|estatales; etat|etats
country|countries|nation|nations|national; land|lander|nation|national; pais|paises|nacion|nacional;
    pays|nation|national|nationale
region|regions|regional; region|regionen|regional|wohnregion; region|regiones|regional;
    region|regions|regional|regionale
city|cities|urban; stadt|stadte|stadtisch; ciudad|ciudades|urbano|urbana; ville|villes|urbain|urbaine
province|provinces; provinz|provinzen; provincia|provincias; province|provinces
county|counties|district|districts; kreis|kreise|bezirk|bezirke|landkreis;
    condado|condados|distrito|distritos; comte|comtes|district|districts
town|towns|municipality|municipalities; gemeinde|gemeinden|ort|orte; municipio|municipios|pueblo;
    commune|communes
population|populations; bevolkerung|einwohnerzahl; poblacion|poblaciones; population|populations
inhabitant|inhabitants|resident|residents|capita; einwohner|kopf|bewohner; habitante|habitantes|capita;
    habitant|habitants|tete
per; pro|je; por; par
people|persons|person|individual|individuals; person|personen|leute|mensch|menschen;
    persona|personas|gente|individuo|individuos; personne|personnes|individu|individus|gens
household|households|family|families; haushalt|haushalte|familie|familien; hogar|hogares|familia|familias;
    menage|menages|famille|familles
child|children|kid|kids; kind|kinder|kindern; hijo|hijos|nino|ninos; enfant|enfants
sibling|siblings; geschwister; hermano|hermanos; frere|freres|fratrie
age|ages; alter|lebensalter; edad|edades; age|ages
birth|births|born; geburt|geburten|geboren; nacimiento|nacimientos|nacido|nacidos; naissance|naissances
death|deaths|fatality|fatalities|mortality|died|dead|deceased;
    tod|tode|todesfall|todesfalle|sterblichkeit|tote|verstorben|verstorbene|gestorben;
    muerte|muertes|mortalidad|fallecimiento|fallecimientos|fallecido|fallecidos|fallecida|fallecidas|murio|murieron;
    deces|mort|morts|mortalite|decede|decedes|decedee|decedees
hospitalised|hospitalized|hospitalisation|hospitalization; hospitalisiert|hospitalisierte;
    hospitalizado|hospitalizados|hospitalizada|hospitalizadas|hospitalizacion;
    hospitalise|hospitalises|hospitalisee|hospitalisees|hospitalisation
life expectancy; lebenserwartung; esperanza de vida; esperance de vie
health; gesundheit|gesundheits; salud; sante
problem|problems; problem|probleme; problema|problemas; probleme|problemes
disease|diseases|illness; krankheit|krankheiten; enfermedad|enfermedades; maladie|maladies
school|schools|schooling; schule|schul|schulen; escuela|escuelas|escolaridad|escolar;
    ecole|ecoles|scolarite|scolaire
education|educational|studies; bildung|ausbildung; educacion|estudios|educativo; education|etudes|formation
experience; erfahrung|berufserfahrung|arbeitserfahrung; experiencia; experience
occupation|occupations|profession|professions; beruf|berufe|berufs; profesion|profesiones|oficio;
    profession|professions|metier
industry|industries|branch|manufacturing; branche|branchen|industrie|wirtschaftszweig;
    industria|industrias|rama|manufactura; industrie|industries|branche|manufacturiere
sector|sectors; sektor|sektoren; sector|sectores; secteur|secteurs
firm|firms|company|companies|business|businesses|enterprise; firma|firmen|unternehmen|betrieb|betriebe;
    empresa|empresas|compania|companias; entreprise|entreprises|firme|firmes|societe|societes
union|unions|trade union|union contract; gewerkschaft|gewerkschaften|gewerkschafts|tarif|tarifvertrag;
    sindicato|sindicatos|sindical|sindicalizado; syndicat|syndicats|syndique|syndiquee|syndiques
married|marital status|marriage; verheiratet|ehe|familienstand; casado|casada|casados|estado civil;
    marie|mariee|maries|statut marital|etat civil
sex|gender; geschlecht; sexo|genero; sexe|genre
ethnicity|ethnic group|ethnic groups|ethnic origin|race; ethnie|ethnische zugehorigkeit|herkunft;
    etnia|origen etnico|raza; origine ethnique|ethnie|race
immigrant|immigrants; einwanderer|zuwanderer|migrant|migranten; inmigrante|inmigrantes;
    immigre|immigres|immigrant|immigrants
citizen|citizens|citizenship; staatsburger|staatsburgerschaft|burger; ciudadano|ciudadanos|ciudadania;
    citoyen|citoyens|citoyennete
vocabulary; wortschatz|vokabular; vocabulario; vocabulaire
score|scores; punktzahl|punkte|wertung; puntuacion|puntuaciones|puntaje; score|scores|note|notes
test|tests|exam|exams; prufung|prufungen; examen|examenes|prueba; examen|examens|epreuve
group|groups; gruppe|gruppen; grupo|grupos; groupe|groupes
category|categories|class; kategorie|kategorien|klasse; categoria|categorias|clase;
    categorie|categories|classe
type|types|kind; typ; tipo|tipos; type|types
level|levels; niveau|stufe; nivel|niveles; niveau|niveaux
size; grosse; tamano; taille
weight; gewicht; peso; poids
height; hohe|korpergrosse; altura|estatura; hauteur|taille en cm
length; lange; longitud|largo; longueur
distance; entfernung|distanz|strecke; distancia; distance
area|surface; flache; area|superficie; superficie|surface
density; dichte; densidad; densite
speed; geschwindigkeit|tempo; velocidad; vitesse
consumption; verbrauch|konsum; consumo; consommation
gasoline|petrol|gas|fuel; benzin|kraftstoff|treibstoff; gasolina|combustible|nafta; essence|carburant
oil; ol|erdol; petroleo|aceite; petrole|huile
energy|electricity|power; energie|strom; energia|electricidad; energie|electricite
car|cars|vehicle|vehicles|automobile|automobiles; auto|autos|wagen|fahrzeug|fahrzeuge|pkw;
    coche|coches|auto|autos|vehiculo|vehiculos; voiture|voitures|vehicule|vehicules|automobile
road|roads|highway|highways|street|streets; strasse|strassen|autobahn|autobahnen;
    carretera|carreteras|autopista|autopistas|calle|calles; route|routes|autoroute|autoroutes|rue|rues
water; wasser; agua; eau
sewer|sewers|sewage; abwasser|kanalisation; alcantarillado|alcantarillas; egout|egouts|assainissement
building|buildings; gebaude; edificio|edificios; batiment|batiments|edifice|edifices
other|others; andere|anderer|andere|sonstige|ubrige; otro|otros|otra|otras; autre|autres
house|houses|housing|home|homes; haus|hauser|wohnung|wohnungen; casa|casas|vivienda|viviendas;
    maison|maisons|logement|logements
rent|rents; miete|mieten; alquiler|alquileres|arriendo; loyer|loyers
crime|crimes|offense|offenses; verbrechen|straftat|straftaten|kriminalitat;
    delito|delitos|crimen|criminalidad; crime|crimes|delit|delits|criminalite
violent; gewalt|gewalttatig|gewaltsam; violento|violentos|violenta|violentas;
    violent|violents|violente|violentes
murder|murders|homicide|homicides; mord|morde|totungsdelikt|totungsdelikte;
    homicidio|homicidios|asesinato|asesinatos; homicide|homicides|meurtre|meurtres
robbery|robberies; raub|raububerfall|raububerfalle; robo|robos|atraco|atracos; vol|vols|braquage
prisoner|prisoners|inmate|inmates; gefangene|gefangener|haftling|haftlinge|insasse;
    preso|presos|recluso|reclusos; prisonnier|prisonniers|detenu|detenus
arrest|arrests; festnahme|festnahmen|verhaftung|verhaftungen; arresto|arrestos|detencion|detenciones;
    arrestation|arrestations
law|laws; gesetz|gesetze; ley|leyes; loi|lois
release|released; freilassung|freigelassen|entlassung; liberacion|liberado|liberados;
    liberation|libere|liberes
police; polizei; policia; police
precinct|precincts; revier|polizeirevier; distrito policial|comisaria; commissariat|circonscription
neighborhood|neighbourhood|neighborhoods|neighbourhoods; stadtviertel|viertel|nachbarschaft;
    barrio|barrios|vecindario; quartier|quartiers
address|location; adresse|standort|ort; direccion|ubicacion; adresse|emplacement|lieu
south|southern; sud|suden|sudlich; sureste; sud
north|northern; nord|norden|nordlich; norte; nord
east|eastern; ost|osten|ostlich; oriente|oriental; oriental|orientale
west|western; west|westen|westlich; oeste|occidente; ouest
metropolitan|metro; grossstadt|grossstadtisch|ballungsraum|metropolregion;
    metropolitano|metropolitana|area metropolitana; metropolitain|metropolitaine|zone metropolitaine
rural; landlich; rural|rurales; rural|rurale|ruraux
student|students|pupil|pupils; schuler|student|studenten; alumno|alumnos|estudiante|estudiantes;
    eleve|eleves|etudiant|etudiants
teacher|teachers; lehrer|lehrerin; profesor|profesores|maestro|maestros;
    enseignant|enseignants|professeur|professeurs
patient|patients; patient|patienten; paciente|pacientes; patient|patients
hospital|hospitals; krankenhaus|krankenhauser|klinik; hospital|hospitales; hopital|hopitaux
customer|customers|client|clients; kunde|kunden; cliente|clientes; client|clients
order|orders; bestellung|bestellungen|auftrag|auftrage; pedido|pedidos; commande|commandes
store|stores|shop|shops; laden|geschaft|geschafte|filiale|filialen; tienda|tiendas;
    magasin|magasins|boutique
quantity|quantities|units; stuckzahl|stuck; unidades; unites
discount|discounts; rabatt|rabatte; descuento|descuentos; remise|remises|rabais
market; markt|markte; mercado|mercados; marche|marches
stock|stocks|shares; aktie|aktien|bestand; accion|acciones|existencias; action|actions|stock
exchange rate; wechselkurs; tipo de cambio; taux de change
trade|exports|imports; handel|export|exporte|import|importe; comercio|exportaciones|importaciones;
    commerce|exportations|importations
patent|patents; patent|patente; patente|patentes; brevet|brevets
research|development; forschung|entwicklung; investigacion|desarrollo; recherche|developpement
temperature; temperatur; temperatura; temperature
rain|rainfall|precipitation; regen|niederschlag; lluvia|precipitacion; pluie|precipitations
wind; wind; viento; vent
emission|emissions; emission|emissionen|ausstoss; emision|emisiones; emission|emissions
date; datum; fecha; date
time|duration; zeit|dauer; tiempo|duracion; temps|duree
start; beginn|anfang|start; inicio|comienzo; debut
end; ende; fin|final; fin
first; erste|ersten|erster; primer|primera|primero; premier|premiere
birth year|year of birth; geburtsjahr; ano de nacimiento; annee de naissance
mother|mothers; mutter; madre|madres; mere|meres
father|fathers; vater; padre|padres; pere|peres
man|men|male|males; mann|manner|mannlich; hombre|hombres|masculino|varon|varones; homme|hommes|masculin
woman|women|female|females; frau|frauen|weiblich; mujer|mujeres|femenino; femme|femmes|feminin
young|youth; jung|junge|jugend|jugendliche; joven|jovenes|juventud; jeune|jeunes|jeunesse
old|elderly; alt|alte|altere; viejo|viejos|mayores|anciano; vieux|ancien
low; niedrig|niedriges|niedrige|niedriger|gering; bajo|baja|bajos|bajas; bas|basse|faible
high; hoch|hoher|hohes; alto|alta|altos|altas; haut|haute|eleve|elevee
small; klein|kleine|kleiner; pequeno|pequena|chico; petit|petite
large|big; gross|grosser; grande|grandes; grand|grande|gros
full time|full-time; vollzeit; tiempo completo|jornada completa; temps plein
part time|part-time; teilzeit; tiempo parcial|media jornada; temps partiel
status; status; situacion; statut|situation
identifier|id|code; kennung|nummer|nr|kennziffer; identificador|codigo|id; identifiant|code|id
name|names; name|namen|bezeichnung; denominacion; nom|noms
log|logarithm; log|logarithmus; log|logaritmo; log|logarithme
gdp|gross domestic product; bip|bruttoinlandsprodukt; pib|producto interno bruto|producto interior bruto;
    pib|produit interieur brut
gnp|gross national product; bsp|bruttosozialprodukt; pnb|producto nacional bruto; pnb|produit national brut
deflator; deflator; deflactor; deflateur
consumer|consumers; verbraucher|konsument|konsumenten; consumidor|consumidores;
    consommateur|consommateurs
federal; bund|bundes; federal|federales; federal|federale|federaux
government|governments; regierung|regierungen; gobierno|gobiernos; gouvernement|gouvernements
head|chief|leader|leaders; chef|oberhaupt|leiter|fuhrer; jefe|jefes|lider|lideres;
    chef|chefs|dirigeant|dirigeants
president|presidents; prasident|prasidenten; presidente|presidentes; president|presidents
party|parties; partei|parteien; partido|partidos; parti|partis
election|elections; wahl|wahlen; eleccion|elecciones; election|elections
vote|votes; stimme|stimmen; voto|votos; vote|votes|voix
surplus|surpluses; uberschuss|uberschusse; superavit|excedente|excedentes; excedent|excedents
deficit|deficits; defizit|defizite; deficit|deficits; deficit|deficits
budget|budgets; budget|haushaltsplan; presupuesto|presupuestos; budget|budgets
war|wars; krieg|kriege|kriegs; guerra|guerras; guerre|guerres
battle deaths|war dead|killed in action; gefallene|gefallenen|gefallener; caidos|muertos en combate;
    morts au combat|tues au combat
million|millions; million|millionen|mio; millon|millones; million|millions
thousand|thousands; tausend; mil|miles; mille|milliers
source|sources; quelle|quellen; fuente|fuentes; source|sources
cause|causes; ursache|ursachen; causa|causas; cause|causes
case|cases; fallzahl|fallzahlen; caso|casos; cas
infection|infections; infektion|infektionen|ansteckung|ansteckungen; infeccion|infecciones|contagio|contagios;
    infection|infections
vaccination|vaccinations; impfung|impfungen; vacunacion|vacunaciones; vaccination|vaccinations
victim|victims; opfer; victima|victimas; victime|victimes
affected; betroffen|betroffene|betroffenen; afectado|afectados|afectadas; affecte|affectes|touche|touches
fertility; fruchtbarkeit|fertilitat|geburtenrate; fertilidad|fecundidad; fecondite|fertilite
literacy; alphabetisierung; alfabetizacion; alphabetisation
migration; migration|wanderung|abwanderung; migracion; migration
latitude; breitengrad; latitud; latitude
longitude; langengrad; longitud geografica; longitude
elevation|altitude; meereshohe|hohenlage; altitud|elevacion; altitude|elevation
coordinate|coordinates; koordinate|koordinaten; coordenada|coordenadas; coordonnee|coordonnees
map|maps; karte|karten|landkarte|landkarten; mapa|mapas; carte|cartes
humidity; feuchtigkeit|luftfeuchtigkeit|feuchte; humedad; humidite
pressure; druck|luftdruck; presion; pression
weekday|weekdays|day of week; wochentag|wochentage; dia laborable|dia de semana; jour ouvrable|jour de semaine
cholera; cholera; colera; cholera
diarrhoea|diarrhea|diarrhaea; durchfall|diarrhoe; diarrea; diarrhee
tuberculosis; tuberkulose; tuberculosis; tuberculose
malaria; malaria; malaria|paludismo; paludisme
influenza|flu; grippe|influenza; gripe; grippe
measles; masern; sarampion; rougeole
smallpox; pocken; viruela; variole
typhus|typhoid; typhus|fleckfieber; tifus|tifoidea; typhus|typhoide
pneumonia; lungenentzundung; neumonia; pneumonie
cancer; krebs; cancer; cancer
"""

_LANGUAGES = ("en", "de", "es", "fr")
_MAX_FORM_WORDS = 3


@functools.cache
def glossary_forms() -> dict[tuple[str, ...], str]:
    """Each form (its folded words) → its concept (the first English form); the first concept a form is
    listed under keeps it."""
    forms: dict[tuple[str, ...], str] = {}
    for concept, _language, words in _entries():
        forms.setdefault(words, concept)
    return forms


@functools.cache
def english_forms() -> frozenset[tuple[str, ...]]:
    """The forms that are English words: a name in English words is never translated into English."""
    return frozenset(words for _concept, language, words in _entries() if language == "en")


def _concept_lines() -> list[str]:
    """The table's lines, an indented line joined to the one before."""
    lines: list[str] = []
    for line in _TABLE.strip().splitlines():
        if line[:1].isspace() and lines:
            lines[-1] += line.strip()
        else:
            lines.append(line.strip())
    return lines


@functools.cache
def _entries() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(concept, language, folded words) of every form of the table."""
    entries = []
    for line in _concept_lines():
        columns = [part.strip() for part in line.split(";")]
        if len(columns) != len(_LANGUAGES):
            raise ValueError(f"glossary line needs {len(_LANGUAGES)} languages: {line!r}")
        concept = columns[0].split("|")[0]
        for language, forms_of_language in zip(_LANGUAGES, columns, strict=True):
            for form in filter(None, forms_of_language.split("|")):
                words = tuple(fold(form).replace("'", " ").split())
                if 0 < len(words) <= _MAX_FORM_WORDS:
                    entries.append((concept, language, words))
    return tuple(entries)


MAX_FORM_WORDS = _MAX_FORM_WORDS
