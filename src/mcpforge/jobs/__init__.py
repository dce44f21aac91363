"""Forge requests as jobs on a PostgreSQL-backed queue (procrastinate), run by ``mcpforge worker``.

With ``queue.url`` set, ``serve``'s ``forge_request`` queues the request and answers at once with a job
id; a worker (on this machine or another that sees the same files and registry) runs the forge pipeline
(``forge_job.py``), reports each step to the job's row (``progress.py``), and ``forge_status`` reads it
back. Without ``queue.url`` nothing here is imported. It needs the ``team`` extra (psycopg,
procrastinate).
"""
