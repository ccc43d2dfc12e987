"""The page's requests for a match against a friend: a JSON text in, a JSON text out.

Like ``bridge`` for a game against the computer, this is the one module the page calls
for a friend's match; the engine work is ``referee``'s and ``fair_deal``'s. A match is
set up in three steps, the first two carried by links the players send each other (the
page puts them in the URL's fragment with the connection's own offer and answer):

1. ``offer`` (the host): the rules, a new match id, this build's id, and a commitment to
   a random share of the first dealer's cut (its SHA-256).
2. ``join`` (the friend): checks that both pages run the same build and protocol, and
   answers with its own share.
3. ``accept`` (the host): checks the answer; the host's first message (``hello``)
   reveals its share, and the cut's seed is the hash of both, which neither chose.

Then each page passes every message that arrives to ``receive`` and sends what the answer
lists under ``"send"``; a player's move goes to ``play``. Once the match is over (every
hand's keys revealed), ``record`` opens its replay, drawn from the page's own seat, and
``replay`` steps through it (``ginrummy.replay``). Every answer carries the table
(``referee.Referee.view``). ``save`` returns the match for the page to keep (after every
move, so a reload loses nothing), ``load`` takes it up again.

After a dropped connection either page may offer to take the match up over a new one,
through links as at the start: ``reoffer`` (with the page's save), ``rejoin`` (the other
page, with its save: the same match, the other seat, the same build) and ``reaccept``.
On the new connection each page sends ``resume``'s request, which carries its state's
digests; ``receive`` answers the other's with what it missed when the digests agree, and
otherwise ends the match and tells the other page why (``resume_refused``).

>>> offer = DuelSession().offer({"rules": {"preset": "oklahoma"}, "build": "b1"})["offer"]
>>> offer["format"], offer["rules"]["knock_limit"], len(offer["commit"])
('gin-rummy-duel', 'upcard', 64)
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from . import __version__, record
from .bridge import rules_from_params
from .fair_deal import FairDealError, ProtocolError
from .friend_table import page_state, rules_params
from .match import MAX_SEED
from .messages import fault_answer
from .referee import Referee, Stage
from .replay import Replay
from .rules import Rules, RulesError

FORMAT = "gin-rummy-duel"
"""The ``format`` of an offer and an answer."""
PROTOCOL = 1
"""The version of the messages two pages exchange: both must speak the same."""

Json = dict[str, Any]

_SHARE = re.compile(r"[0-9a-f]{32}")
_MATCH_ID = re.compile(r"[0-9a-f]{16}")


class DuelError(ValueError):
    """A request the friend's match cannot take: a bad offer or answer, another build."""


class ResumeRefused(DuelError):
    """A dropped match that cannot be taken up: the two pages' states differ. The match
    has ended; ``send`` tells the other page why."""

    def __init__(self, message: str, send: list[Json]) -> None:
        """Refuse the resume, saying ``message``; ``send``: the messages for the other page."""
        super().__init__(message)
        self.send = send


def commitment(share: str) -> str:
    """Return the commitment to a share of the cut: its SHA-256, hexadecimal."""
    return hashlib.sha256(f"ginrummy duel share|{share}".encode()).hexdigest()


def cut_seed(host_share: str, guest_share: str) -> int:
    """Return the seed of the first dealer's cut, from both pages' shares."""
    digest = hashlib.sha256(f"ginrummy duel seed|{host_share}|{guest_share}".encode())
    return int.from_bytes(digest.digest()[:8]) % (MAX_SEED + 1)


def _field(data: object, name: str, pattern: re.Pattern[str], what: str) -> str:
    """Return ``data[name]`` when it matches ``pattern``.

    :raises DuelError: otherwise, naming ``what`` is missing.
    """
    value = data.get(name) if isinstance(data, dict) else None
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise DuelError(f"the {what} is missing or malformed")
    return value


class DuelSession:
    """One page's match against a friend, from the offer to the end."""

    def __init__(self) -> None:
        """Start with no match."""
        self.referee: Referee | None = None
        self.replay: Replay | None = None
        """The replay of the match once it is over (``record``)."""
        self._pending: Json | None = None
        """The host's offer (with its share) until the answer comes; the guest's join
        until the host's ``hello``."""

    # --- setting up -------------------------------------------------------------------

    def offer(self, asked: Json) -> Json:
        """Make an offer of a match under ``asked["rules"]`` (as the new-game form gives
        them: a preset and the fields changed, as texts or values) from this page's build
        ``asked["build"]``.

        :raises DuelError: when the rules or the build are missing or bad.
        """
        rules = self._form_rules(asked.get("rules"))
        build = self._build(asked)
        share = secrets.token_hex(16)
        offer = {
            "format": FORMAT,
            "protocol": PROTOCOL,
            "engine": __version__,
            "build": build,
            "match": secrets.token_hex(8),
            "rules": rules.to_dict(),
            "commit": commitment(share),
        }
        self.referee = None
        self._pending = {"role": "host", "offer": offer, "share": share, "rules": rules}
        return {"offer": offer}

    def join(self, asked: Json) -> Json:
        """Join the offer ``asked["offer"]`` from this page's build ``asked["build"]``:
        return the answer to send back.

        :raises DuelError: when the offer is not one, or comes from another build.
        """
        offer = asked.get("offer")
        self._check_peer(offer, self._build(asked), "offer")
        assert isinstance(offer, dict)
        rules = self._rules(offer.get("rules"))
        match_id = _field(offer, "match", _MATCH_ID, "offer's match id")
        commit = _field(offer, "commit", re.compile(r"[0-9a-f]{64}"), "offer's commitment")
        share = secrets.token_hex(16)
        answer = {
            "format": FORMAT,
            "protocol": PROTOCOL,
            "engine": __version__,
            "build": offer["build"],
            "match": match_id,
            "share": share,
        }
        self.referee = None
        self._pending = {
            "role": "guest",
            "match": match_id,
            "commit": commit,
            "share": share,
            "rules": rules,
        }
        return {"answer": answer, "rules": rules.to_dict(), "params": rules_params(rules)}

    def accept(self, asked: Json) -> Json:
        """As the host, take the friend's answer ``asked["answer"]``: start the match and
        return the first messages to send (``hello`` and the first pass of the deal).

        :raises DuelError: when there is no offer to answer, or the answer is not its.
        """
        pending = self._pending
        if pending is None or pending["role"] != "host":
            raise DuelError("there is no offer of this page's to accept an answer to")
        offer = pending["offer"]
        answer = asked.get("answer")
        self._check_peer(answer, offer["build"], "answer")
        if _field(answer, "match", _MATCH_ID, "answer's match id") != offer["match"]:
            raise DuelError("this answer is to another offer")
        guest_share = _field(answer, "share", _SHARE, "answer's share")
        seed = cut_seed(pending["share"], guest_share)
        self.referee = Referee(pending["rules"], 0, offer["match"], seed)
        hello = {"type": "hello", "match": offer["match"], "share": pending["share"]}
        self._pending = None
        return {"send": [hello, *self.referee.start()], **self.table()}

    def _receive_hello(self, message: Json) -> Json:
        """As the guest, take the host's ``hello``: check its share against the offer's
        commitment and start the match."""
        pending = self._pending
        if pending is None or pending["role"] != "guest":
            raise DuelError("a hello came with no offer joined")
        if message.get("match") != pending["match"]:
            raise DuelError("the hello is of another match")
        share = _field(message, "share", _SHARE, "hello's share")
        if commitment(share) != pending["commit"]:
            raise FairDealError("the host's share is not the one it committed to: it cheated")
        seed = cut_seed(share, pending["share"])
        self.referee = Referee(pending["rules"], 1, pending["match"], seed)
        self._pending = None
        return {"send": [], **self.table()}

    # --- taking a dropped match up over a new connection ------------------------------

    def _resumable(self, asked: Json) -> Referee:
        """Load the page's saved match ``asked["save"]`` and return its referee.

        :raises ValueError: when it is not a save, or the match has ended.
        """
        self.load(asked)
        referee = self._playing()
        if referee.ended is not None:
            raise DuelError(f"the saved match has ended: {referee.ended}")
        return referee

    @staticmethod
    def _reconnection(referee: Referee, build: str) -> Json:
        """Return the offer or answer that takes ``referee``'s match up from ``build``."""
        return {
            "format": FORMAT,
            "protocol": PROTOCOL,
            "engine": __version__,
            "build": build,
            "match": referee.match_id,
            "seat": referee.seat,
            "resume": True,
        }

    @staticmethod
    def _check_same_match(data: Json, referee: Referee, what: str) -> None:
        """Check that the reconnection's offer or answer ``data`` is of ``referee``'s match
        from the other seat.

        :raises DuelError: when it is not.
        """
        if data.get("resume") is not True:
            raise DuelError(f"this {what} starts a new match: it does not take one up")
        if data.get("match") != referee.match_id:
            raise DuelError(f"this {what} is to take up another match than this page's")
        if data.get("seat") != 1 - referee.seat:
            raise DuelError(f"this {what} comes from this page's own seat, not the friend's")

    def reoffer(self, asked: Json) -> Json:
        """Offer to take up the saved match ``asked["save"]`` over a new connection from
        this page's build ``asked["build"]``: return the offer, and the table.

        :raises ValueError: when the save is not one of a match in play, or no build.
        """
        build = self._build(asked)
        referee = self._resumable(asked)
        offer = self._reconnection(referee, build)
        self._pending = {"role": "reoffer", "offer": offer}
        return {"offer": offer, **self.table()}

    def rejoin(self, asked: Json) -> Json:
        """Answer the offer ``asked["offer"]`` to take up this page's saved match
        ``asked["save"]`` from this page's build ``asked["build"]``: return the answer to
        send back, and the table.

        :raises ValueError: when the offer is not one to take up that match from the
            friend's seat and this build, or the save is not one of a match in play.
        """
        build = self._build(asked)
        offer = asked.get("offer")
        self._check_peer(offer, build, "offer")
        assert isinstance(offer, dict)
        referee = self._resumable(asked)
        self._check_same_match(offer, referee, "offer")
        return {"answer": self._reconnection(referee, build), **self.table()}

    def reaccept(self, asked: Json) -> Json:
        """As the page that offered to take the match up, take the friend's answer
        ``asked["answer"]``: return the table (``resume`` makes the first message).

        :raises DuelError: when there is no such offer, or the answer is not its.
        """
        pending = self._pending
        if pending is None or pending["role"] != "reoffer":
            raise DuelError("this page made no offer to take a match up")
        answer = asked.get("answer")
        self._check_peer(answer, pending["offer"]["build"], "answer")
        assert isinstance(answer, dict)
        self._check_same_match(answer, self._playing(), "answer")
        self._pending = None
        return self.table()

    def _receive_resume(self, referee: Referee, message: Json) -> Json:
        """Answer the other page's resume request: what it missed, when its state's
        digests are this page's.

        :raises ResumeRefused: otherwise; the match ends, and the other page is told why.
        """
        try:
            return {"send": referee.receive_resume(message), **self.table()}
        except ProtocolError as error:
            referee.end(str(error))
            notice = {"type": "resume_refused", "reason": str(error)}
            raise ResumeRefused(str(error), [notice]) from None

    @staticmethod
    def _receive_refusal(referee: Referee, message: Json) -> Json:
        """Take the other page's refusal to resume: the match ends.

        :raises ResumeRefused: always, saying the other page's reason.
        """
        reason = str(message.get("reason", ""))[:500]
        referee.end(f"the friend's page could not take the match up: {reason}")
        raise ResumeRefused(referee.ended or reason, [])

    @staticmethod
    def _rules(data: object) -> Rules:
        """Return the rules ``data`` names (a preset and changes, or every field).

        :raises DuelError: when they are not rules.
        """
        try:
            return Rules.from_dict(data if isinstance(data, dict) else {"preset": data})
        except RulesError as error:
            raise DuelError(f"the rules are not valid: {error}") from None

    @staticmethod
    def _form_rules(data: object) -> Rules:
        """Return the rules the new-game form's params ``data`` name (or a preset's name).

        :raises DuelError: when they are not rules.
        """
        try:
            return rules_from_params(data if isinstance(data, dict) else {"preset": data})
        except RulesError as error:
            raise DuelError(f"the rules are not valid: {error}") from None

    @staticmethod
    def _build(asked: Json) -> str:
        """Return the page's build id from ``asked["build"]``.

        :raises DuelError: when it is missing.
        """
        build = asked.get("build")
        if not isinstance(build, str) or not 0 < len(build) <= 100:
            raise DuelError("the page's build id is missing")
        return build

    @staticmethod
    def _check_peer(data: object, build: str, what: str) -> None:
        """Check that ``data`` is an offer or answer of this protocol, engine and build.

        :raises DuelError: when it is not, saying what differs.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DuelError(f"this is not a gin rummy {what} (no format {FORMAT!r})")
        if data.get("protocol") != PROTOCOL or data.get("engine") != __version__:
            raise DuelError(
                f"the friend's page speaks protocol {data.get('protocol')!r} of engine "
                f"{data.get('engine')!r} and this page {PROTOCOL} of {__version__}: both "
                "must load the same version (reload the page)"
            )
        if data.get("build") != build:
            theirs, ours = (
                (data.get("build"), build) if what == "offer" else (build, data.get("build"))
            )
            raise DuelError(
                f"the friend's page runs build {theirs!r} and this page {ours!r}: both "
                "must load the same version (reload the page)"
            )

    # --- playing ----------------------------------------------------------------------

    def _playing(self) -> Referee:
        """Return the match's referee.

        :raises DuelError: when no match has started.
        """
        if self.referee is None:
            raise DuelError("no match against a friend has started")
        return self.referee

    def table(self) -> Json:
        """Return the table as this page may see it (``referee.Referee.view``) and the
        page's state to draw it (``friend_table.page_state``)."""
        referee = self._playing()
        return {"table": referee.view(), "state": page_state(referee)}

    def play(self, action: str) -> Json:
        """Play this page's move ``action``: return the messages to send and the table."""
        referee = self._playing()
        return {"send": referee.play(action), **self.table()}

    def receive(self, message: object) -> Json:
        """Take a message from the friend's page: return the messages to send in answer
        and the table. A refused message ends the match (the table says why)."""
        if isinstance(message, dict) and message.get("type") == "hello":
            return self._receive_hello(message)
        referee = self._playing()
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "resume":
            assert isinstance(message, dict)
            return self._receive_resume(referee, message)
        if kind == "resume_refused":
            assert isinstance(message, dict)
            return self._receive_refusal(referee, message)
        return {"send": referee.receive(message), **self.table()}

    def save(self) -> Json:
        """Return the match as the page keeps it to finish later (``Referee.to_data``)."""
        return {"save": self._playing().to_data()}

    def load(self, asked: Json) -> Json:
        """Take up the match saved as ``asked["save"]``; ``resume`` then asks the friend's
        page for what this one missed.

        :raises ValueError: when it is not a friend's match's save.
        """
        self.referee = Referee.from_data(asked.get("save"))
        self._pending = None
        return self.table()

    def prepare(self) -> Json:
        """Make the next hand's first pass ahead, as the host between hands (the page asks
        once the hand's end is drawn); ``"prepared"`` says whether there was one to make."""
        return {"prepared": self._playing().prepare()}

    def record(self) -> Json:
        """Open the replay of the match once it is over: return its first step (the
        deal), drawn from this page's seat as seat 0 (``replay.Replay.step``).

        :raises DuelError: before the match is over, or when it ended early (nothing
            changes): the record would show the friend's hidden cards.
        """
        referee = self._playing()
        world = referee.world()
        if referee.stage is not Stage.SHOWN or not world.over:
            raise DuelError(
                "the match's record opens once the match is over: before, it would show"
                " the hidden cards"
            )
        self.replay = Replay(record.to_data(world), referee.seat)
        return self.replay.step(0)

    def replay_step(self, asked: Json) -> Json:
        """Return the replay's table after ``asked["step"]`` moves.

        :raises DuelError: when no replay is open or the step is not a whole number.
        :raises RecordError: when the record has no such step.
        """
        step = asked.get("step")
        if self.replay is None:
            raise DuelError("no replay is open: it opens once the match is over")
        if not isinstance(step, int) or isinstance(step, bool):
            raise DuelError("a step of the replay is a whole number")
        return self.replay.step(step)

    def resume(self) -> Json:
        """Return the request to send after a dropped connection."""
        return {"send": [self._playing().resume_request()], **self.table()}


SESSION = DuelSession()
"""The page's one friend's match."""

_HANDLERS: dict[str, Callable[[DuelSession, Any], Json]] = {
    "offer": DuelSession.offer,
    "join": DuelSession.join,
    "accept": DuelSession.accept,
    "receive": DuelSession.receive,
    "play": lambda session, argument: session.play(str(argument)),
    "table": lambda session, _argument: session.table(),
    "resume": lambda session, _argument: session.resume(),
    "save": lambda session, _argument: session.save(),
    "prepare": lambda session, _argument: session.prepare(),
    "load": DuelSession.load,
    "reoffer": DuelSession.reoffer,
    "rejoin": DuelSession.rejoin,
    "reaccept": DuelSession.reaccept,
    "record": lambda session, _argument: session.record(),
    "replay": DuelSession.replay_step,
}


def request(op: str, argument: str = "", session: DuelSession = SESSION) -> str:
    """Answer the request ``op`` with its JSON ``argument`` (``play``: the move's text) as
    a JSON text; never raise.

    A refused request answers ``{"ok": false, "error": ...}``; one that ended the match
    adds ``"ended": true`` and the table; a refused resume adds ``"resume_refused": true``
    and, under ``"send"``, what tells the other page; a fault in the engine adds
    ``"internal": true`` and the traceback.
    """
    handler = _HANDLERS.get(op)
    answer: Json
    try:
        if handler is None:
            raise DuelError(f"unknown request {op[:40]!r}; known: {', '.join(_HANDLERS)}")
        if op == "play":
            parsed: Any = argument
        else:
            try:
                parsed = json.loads(argument) if argument else {}
            except json.JSONDecodeError as error:
                raise DuelError(f"the request's argument is not JSON: {error}") from None
            if not isinstance(parsed, dict):
                raise DuelError("the request's argument is a JSON object")
        answer = {"ok": True, **handler(session, parsed)}
    except ValueError as error:
        answer = {"ok": False, "error": str(error)}
        if isinstance(error, ResumeRefused):
            answer.update({"resume_refused": True, "send": error.send})
        if session.referee is not None and session.referee.ended is not None:
            answer.update({"ended": True, **session.table()})
    except Exception as error:  # a bug must reach the player, not freeze the page
        answer = fault_answer(error)
    return json.dumps(answer, separators=(",", ":"))
