"""Phase checks with a sentence saying what the game is doing instead."""

from __future__ import annotations

from .errors import WrongPhase
from .state import GameState, Phase

PHASE_TEXT: dict[str, tuple[str, str]] = {
    "dealing": ("the cards are still being dealt", "正在发牌"),
    "declaring": ("the cards are dealt and trump is still being declared", "牌已发完，正在亮主"),
    "burying": ("the kitty is being buried", "正在扣底"),
    "bidding": ("the auction is on", "正在叫分"),
    "naming_trump": ("the auction's winner is naming trump", "庄家正在定主"),
    "kitty_theft": ("players are deciding whether to steal the kitty", "正在炒底"),
    "overturning": ("the attackers are deciding whether to overturn trump", "闲家正在决定是否反牌"),
    "calling": ("the dealer is calling a friend", "庄家正在叫朋友"),
    "playing": ("the tricks are being played", "正在出牌"),
    "scoring": ("the deal is over and the next one has not started", "本局已结束，下一局尚未开始"),
    "finished": ("the match is over", "比赛已结束"),
}


def require_phase(state: GameState, action: str, *phases: Phase) -> None:
    if state.phase not in phases:
        en, zh = PHASE_TEXT[state.phase]
        raise WrongPhase(f"you cannot {action} now: {en}", f"现在不能这样做：{zh}")
