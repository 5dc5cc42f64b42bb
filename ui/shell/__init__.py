"""The app shell: session state, the page registry, the page heading and the house rules a session keeps."""
