"""Presentation without Streamlit: translations, card pictures and names, reason and problem sentences, rules text."""
