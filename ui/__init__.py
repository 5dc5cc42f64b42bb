"""The web app in layers: shell (session, pages), present (text and pictures), one folder per feature."""
