"""Class codes, teacher keys and pupils' pseudonyms: the only identities class mode has.

- A code is 6 characters of Crockford's base 32 (digits and capitals without I, L, O, U), read off a projector
  and typed on a phone: case does not matter, and a typed O is read as 0, I and L as 1 (the letters that look
  like them never occur in a code).
- A teacher key is 192 random bits; the store keeps only its SHA-256 (a key this long needs no slow hash:
  guessing it is hopeless) and compares digests with ``hmac.compare_digest``.
- A pupil is a random id their own kernel keeps and a pseudonym the store makes ("Blue Donkey 17"): no
  name, no address, nothing a pupil typed.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from donkeylab.core.messages import CATALOGUE

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_FORGIVEN = str.maketrans({"O": "0", "I": "1", "L": "1", " ": None, "-": None})
CODE_LENGTH = 6
CODE_RE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
PUPIL_RE = re.compile("[0-9a-f]{32}")
COLOURS = ("Blue", "Orange", "Green", "Yellow", "Purple", "Red", "Pink", "Teal", "Grey", "Gold")
ANIMALS = ("Donkey", "Mule", "Zebra", "Pony", "Foal")
COLOURS_DE = ("Blauer", "Oranger", "Grüner", "Gelber", "Lila", "Roter", "Rosa", "Türkiser", "Grauer", "Goldener")
ANIMALS_DE = ("Esel", "Maulesel", "Zebra", "Pony", "Fohlen")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: object) -> str | None:
    """A code as typed (any case, spaces or a dash inside, O for 0, I or L for 1) in canonical form, or None
    when it cannot be one."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = text.strip().upper().translate(_FORGIVEN)
    return code if CODE_RE.fullmatch(code) else None


def new_key() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def key_matches(key: object, stored_hash: str) -> bool:
    """Constant-time comparison of a key's digest with the stored one (a wrong type never matches)."""
    if not isinstance(key, str) or len(key) > 200:
        key = ""  # still hashed and compared: a refusal takes as long as a wrong key
    return hmac.compare_digest(key_hash(key), stored_hash)


def new_pupil_id() -> str:
    return secrets.token_hex(16)


def pseudonym() -> str:
    """ "Blue Donkey 17": 10 colours x 5 animals x 99 numbers, so a class of 30 rarely needs a second draw."""
    return f"{secrets.choice(COLOURS)} {secrets.choice(ANIMALS)} {secrets.randbelow(99) + 1}"


def _german(colour: str, animal: str) -> str:
    """ "Blue Donkey" in German: "Blauer Esel", but "Blaues Zebra" (das Zebra, das Pony, das Fohlen)."""
    de_colour, de_animal = COLOURS_DE[COLOURS.index(colour)], ANIMALS_DE[ANIMALS.index(animal)]
    if de_animal in ("Zebra", "Pony", "Fohlen") and de_colour.endswith("er"):
        de_colour = de_colour[:-2] + "es"
    return f"{de_colour} {de_animal}"


def _term(colour: str, animal: str) -> str:
    return f"pseudonym:{colour} {animal}"


# Every colour and animal of a pseudonym is a term of the one catalogue ("Blue Donkey" / "Blauer Esel"), so a
# German page names a pupil in German without a language test of its own.
for _colour in COLOURS:
    for _animal in ANIMALS:
        CATALOGUE.add_term(_term(_colour, _animal), f"{_colour} {_animal}", _german(_colour, _animal))


def pseudonym_in(name: str, lang: str) -> str:
    """The pseudonym in ``lang`` ("Blue Donkey 17" / "Blauer Esel 17"); an unknown form is returned as it is."""
    parts = name.split(" ")
    if len(parts) == 3 and parts[0] in COLOURS and parts[1] in ANIMALS:
        return f"{CATALOGUE.term(_term(parts[0], parts[1]), lang)} {parts[2]}"
    return name
