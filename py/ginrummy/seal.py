"""Sealed games: a deal the seed does not tell, and saves that cannot be changed unseen.

The page deals a game started without a deal number from its seed *and* a secret, so
that the seed, which the page and its save hold, tells nothing of the cards. The secret
is kept nowhere the page can read: it is worked out again when needed, as an HMAC-SHA256
of the seed under this browser's key, which only the page's Python worker holds (it
keeps it in IndexedDB, apart from the page's storage, and hands it to the bridge at boot).

The save carries a seal instead of the secret: an HMAC-SHA256 of the whole save (level,
practice flag, rules, seed, every action) under the same key. A save changed after it
was made (actions added to see the end of the hand, the practice flag turned on) or made
with another key (another browser) does not match its seal and is refused, so no record
a script can make shows the hidden cards of a sealed hand in play. What this does not
stop is told in docs/fair-play.md: anyone with the browser's developer tools can
read the worker's memory, or this key.

>>> sealer = Sealer(bytes(32))
>>> len(sealer.secret(7)), sealer.secret(7) == Sealer(bytes(32)).secret(7)
(32, True)
>>> save = {"format": "x", "actions": ["pass"]}
>>> seal = sealer.seal(save)
>>> sealer.verify(save, seal), sealer.verify({**save, "actions": []}, seal)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

KEY_BYTES = 32
"""The length of a key: 256 bits."""


def canonical(data: Any) -> bytes:
    """Return ``data`` as the one JSON text a seal is made of: keys sorted, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


class Sealer:
    """A key, and the deals' secrets and the saves' seals made with it."""

    def __init__(self, key: bytes | None = None) -> None:
        """Use ``key`` (``KEY_BYTES`` bytes), or a new random one.

        :raises ValueError: when ``key`` is not ``KEY_BYTES`` bytes long.
        """
        if key is not None and len(key) != KEY_BYTES:
            raise ValueError(f"a sealing key is {KEY_BYTES} bytes, not {len(key)}")
        self._key = key if key is not None else secrets.token_bytes(KEY_BYTES)

    def _mac(self, purpose: bytes, message: bytes) -> str:
        """Return the HMAC-SHA256 of ``message`` for ``purpose`` (each use its own domain)."""
        return hmac.new(self._key, purpose + b"\0" + message, hashlib.sha256).hexdigest()

    def secret(self, seed: object) -> str:
        """Return the deal's secret of the sealed game with ``seed`` (``match.SECRET``)."""
        return self._mac(b"deal", str(seed).encode())[:32]

    def seal(self, save: Any) -> str:
        """Return the seal of ``save`` (JSON data: a save without its seal)."""
        return self._mac(b"save", canonical(save))

    def verify(self, save: Any, seal: Any) -> bool:
        """Return whether ``seal`` is the seal of ``save`` under this key."""
        return (
            isinstance(seal, str) and seal.isascii() and hmac.compare_digest(self.seal(save), seal)
        )
