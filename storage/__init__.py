"""Classes and their pupils' progress in a database (SQLite by default, PostgreSQL by one URL).

``repository.Storage`` is the API; ``board`` and ``export`` read a class for its teacher;
``database`` picks the database and runs the Alembic migrations; ``streamlit_conn`` is the one
module that imports Streamlit. The package imports ``engine`` and nothing else of the app.
"""
from storage.errors import ERROR_CODES, AccessRefused, InputRefused, RateLimited, StorageError

__all__ = ["ERROR_CODES", "AccessRefused", "InputRefused", "RateLimited", "StorageError"]
