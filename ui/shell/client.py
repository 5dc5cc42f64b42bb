"""Who the client is, for the per-client attempt limits: the peer, or what a named trusted proxy forwarded.

Streamlit gives the TCP peer (``st.context.ip_address``, None for 127.0.0.1 and ::1; Uvicorn
beneath it already replaces a 127.0.0.1 peer by the last ``X-Forwarded-For`` address). The app
reads ``X-Forwarded-For`` itself only when the peer is one of the proxies named in the
``trusted_proxies`` setting (``MAKAO_TRUSTED_PROXIES``, comma-separated addresses or networks,
or ``[classes] trusted_proxies`` in secrets.toml): the header is walked from the right, past
every trusted proxy, to the first address no trusted proxy wrote. A header from anyone else is
ignored, since a client writes what it likes there. With no address known the storage falls
back to one shared bucket and to its per-class and per-pupil limits (docs/CLASSES.md).
"""
from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable

import streamlit as st

from storage.streamlit_conn import classes_setting

ENV_TRUSTED = "MAKAO_TRUSTED_PROXIES"
LOCAL_PEER = "127.0.0.1"   # what a None from Streamlit stands for: a same-host peer
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(text: object) -> tuple[Network, ...]:
    """Reads ``"127.0.0.1, 10.0.0.0/8"`` (or a list of them) into networks; ValueError on a bad entry."""
    items = text if isinstance(text, (list, tuple)) else str(text or "").split(",")
    networks = []
    for item in (str(i).strip() for i in items):
        if item:
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError as exc:
                raise ValueError(f"trusted_proxies: {item!r} is not an address or network") from exc
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:          # [2001:db8::1]:4711
        text = text[1:text.index("]")]
    elif text.count(":") == 1:                         # 192.0.2.1:4711
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address, networks: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in networks)


def client_from(peer: str | None, forwarded_for: str | None, trusted: tuple[Network, ...]) -> str | None:
    """The client's address: the peer, or, from a trusted peer, the last forwarded address no trusted proxy wrote."""
    peer_address = _address(peer or LOCAL_PEER)
    if not _trusted(peer_address, trusted):
        return peer or None
    for hop in reversed((forwarded_for or "").split(",")):
        address = _address(hop)
        if address is None:
            return None                                 # a garbled header names no one
        if not _trusted(address, trusted):
            return str(address)
    return None


def trusted_proxies() -> tuple[Network, ...]:
    """The proxies named in ``MAKAO_TRUSTED_PROXIES``, else in secrets' ``[classes] trusted_proxies``."""
    return parse_networks(os.environ.get(ENV_TRUSTED) or classes_setting("trusted_proxies") or "")


def current_client() -> str | None:
    """The caller's address for the storage's per-client limits (None when it is not known)."""
    try:
        peer = st.context.ip_address
        forwarded = st.context.headers.get("X-Forwarded-For")
    except Exception:   # bare mode
        return None
    return client_from(peer if isinstance(peer, str) and peer else None, forwarded, trusted_proxies())
