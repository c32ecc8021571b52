"""The machine room every referee stands on: rules vocabulary, engine, sessions and storage."""

from .rules import (
    BadRequest,
    Citation,
    Effect,
    EventType,
    Option,
    Referee,
    RuleViolation,
    SetupError,
    citations,
    cites,
)

__all__ = [
    "BadRequest",
    "Citation",
    "Effect",
    "EventType",
    "Option",
    "Referee",
    "RuleViolation",
    "SetupError",
    "cites",
    "citations",
]
