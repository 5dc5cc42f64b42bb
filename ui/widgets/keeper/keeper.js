// The Classes page's keeper: takes a link's secret out of the address (after "#", never sent to a
// server) and hands it to the server once; writes the device's pupil cookie the server sends.
const KINDS = ["pupil", "teacher", "board", "table"];

function takeSecret() {
  const hash = window.location.hash;
  if (!hash || hash.length < 2) return null;
  const params = new URLSearchParams(hash.slice(1));
  for (const kind of KINDS) {
    const secret = params.get(kind);
    if (secret === null) continue;
    KINDS.forEach((k) => params.delete(k));
    const rest = params.toString();
    // Out of the address bar and of the history entry at once: a photo or the history holds nothing.
    history.replaceState(history.state, "", location.pathname + location.search + (rest ? "#" + rest : ""));
    return { kind, secret };
  }
  return null;
}

export default function (component) {
  const { data, setTriggerValue } = component;
  const taken = takeSecret();
  if (taken) setTriggerValue("link", { ...taken, nonce: Date.now() + Math.random() });
  if (data && data.cookie && window.__makaoCookieWritten !== data.nonce) {
    window.__makaoCookieWritten = data.nonce;
    document.cookie = data.cookie + (location.protocol === "https:" ? "; Secure" : "");
  }
}
