"""The seam between the client and whoever owns the game.

The table scene talks to exactly one controller object with this interface:

    controller.config               the game's config (dict)
    controller.names, .colours      per seat, for display
    controller.hotseat              True when every seat sits at this screen;
    controller.seat                 otherwise the one seat this screen plays
    controller.view(seat)           a State with only what `seat` may see
                                    (None: what everybody may see)
    controller.submit(cmd)          -> the events, as the commanding seat may see
                                    them; raises IllegalCommand, changing nothing
    controller.start_events()       events of the game's creation (starting rolls)
    controller.records_since(k)     Records with seq > k, redacted for the public
                                    (the game log, animations, end statistics)
    controller.seq                  how many records exist; the table re-reads the
                                    game whenever it grows (a LAN peer's records
                                    arrive without a submit of ours)

HotseatController wraps an in-process Authority.  A LAN peer will provide the
same interface on top of a Replica, so the table never knows the difference.
"""

from game.engine.match import Authority


class HotseatController:
    hotseat = True
    seat = None

    def __init__(self, config: dict, names, colours):
        self.auth = Authority(config)          # ValueError for an unusable config
        self.config = self.auth.config
        self.names = list(names)
        self.colours = list(colours)

    def view(self, seat):
        return self.auth.view(seat)

    def submit(self, cmd) -> tuple:
        record = self.auth.submit(cmd)
        return record.for_audience(cmd[1]).events

    def start_events(self, audience=None) -> tuple:
        from game.engine.views import redact_event
        return tuple(redact_event(e, audience) for e in self.auth.start_events)

    def records_since(self, k: int, audience=None):
        """Records after sequence number k, redacted for `audience`."""
        return [r.for_audience(audience) for r in self.auth.log[k:]]

    @property
    def seq(self) -> int:
        return len(self.auth.log)
