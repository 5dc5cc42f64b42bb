"""The floor of the load benchmark: a trivial Streamlit app with the clicks a page has (a button, a toggle).

bench/load_bench.py serves it beside Makao Tutor in the same run; its server CPU per click is
the least any Streamlit page costs on this machine, so the app's figures read as a multiple of it.
"""
import streamlit as st

st.title("Trivial app")
st.session_state.setdefault("clicks", 0)
if st.button("Click", key="trivial_click"):
    st.session_state["clicks"] += 1
st.toggle("Details", key="trivial_toggle")
st.write(f"Clicks so far: {st.session_state['clicks']}")
if st.session_state.get("trivial_toggle"):
    st.markdown("A few words of detail, shown while the toggle is on.")
