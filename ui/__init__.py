"""The Streamlit side of Makao Tutor: translations, session state, texts and card pictures."""
