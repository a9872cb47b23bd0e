"""The network tests' whole games fail on a stall, never on a slow machine
(net_helpers.until_done)."""

import asyncio

import pytest

from net_helpers import until_done


def test_a_game_that_keeps_moving_is_waited_for_however_long_it_takes():
    async def main():
        steps = {"n": 0}

        async def slow_game():
            for _ in range(5):
                await asyncio.sleep(0.3)
                steps["n"] += 1
            return "over"
        return await until_done(asyncio.ensure_future(slow_game()), lambda: steps["n"], stall=0.8)
    assert asyncio.run(main()) == "over"        # 1.5 s in all, never 0.8 s without a step


def test_a_game_that_stops_moving_fails_and_is_cancelled():
    async def main():
        stuck = asyncio.ensure_future(asyncio.sleep(3600))
        with pytest.raises(TimeoutError, match="stalled"):
            await until_done(stuck, lambda: 7, stall=0.5)
        await asyncio.sleep(0)
        return stuck.cancelled()
    assert asyncio.run(main())
