"""Who the client is: X-Forwarded-For is read only from the proxies named in the trusted_proxies setting."""
from __future__ import annotations

import pytest

from ui.shell.client import client_from, parse_networks

LOCAL = parse_networks("127.0.0.1, ::1")
SCHOOL_PROXY = parse_networks("10.0.0.5")


@pytest.mark.parametrize("peer, forwarded, trusted, client", [
    ("203.0.113.7", None, (), "203.0.113.7"),                            # no proxy: the peer
    ("203.0.113.7", "198.51.100.1", (), "203.0.113.7"),                  # a header from anyone is ignored
    ("203.0.113.7", "198.51.100.1", SCHOOL_PROXY, "203.0.113.7"),        # ... unless the peer is a named proxy
    ("10.0.0.5", "198.51.100.1", SCHOOL_PROXY, "198.51.100.1"),
    ("10.0.0.5", "6.6.6.6, 198.51.100.1", SCHOOL_PROXY, "198.51.100.1"),  # the client's own forged hop is skipped
    ("10.0.0.5", "198.51.100.1, 10.0.0.5", SCHOOL_PROXY, "198.51.100.1"),  # two trusted hops
    ("10.0.0.5", None, SCHOOL_PROXY, None),                              # a named proxy that sends no header: unknown
    ("10.0.0.5", "not-an-address", SCHOOL_PROXY, None),
    (None, "198.51.100.1", LOCAL, "198.51.100.1"),                       # same-host proxy (Streamlit says None)
    (None, None, LOCAL, None),
    (None, "198.51.100.1", (), None),                                    # localhost, no proxy named
    ("10.0.0.5", "[2001:db8::1]:4711", SCHOOL_PROXY, "2001:db8::1"),
    ("10.0.0.5", "192.0.2.1:4711", SCHOOL_PROXY, "192.0.2.1"),
    ("10.1.2.3", "198.51.100.1", parse_networks("10.0.0.0/8"), "198.51.100.1"),   # a network of proxies
])
def test_the_client_is_the_peer_or_what_a_trusted_proxy_forwarded(peer, forwarded, trusted, client):
    assert client_from(peer, forwarded, trusted) == client


def test_a_bad_trusted_proxies_setting_is_refused_by_name():
    with pytest.raises(ValueError, match="'10.0.0.300'"):
        parse_networks("127.0.0.1, 10.0.0.300")
    assert parse_networks(["127.0.0.1", "10.0.0.0/8"]) == parse_networks("127.0.0.1,10.0.0.0/8")
    assert parse_networks("") == ()
