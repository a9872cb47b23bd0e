"""LAN play: one authoritative host, peers in lockstep, discovery by zeroconf.

Three parts, and two modules on top of them (each module's docstring has
the details).  host/ and peer/ never import each other; both build on wire/.

wire/ -- what host and peer share: the formats and proofs on the line
    protocol.py   frames (4-byte length + msgpack, MAX_FRAME), every message
                  schema and the one validator; reason codes
    secure.py     TLS 1.3 with the host's long-term key (user data folder),
                  fingerprints and short codes, pinning, token and join-code
                  proofs bound to a per-connection nonce
    secrecy.py    what may leave the host: scrubbed views (no seed) and the
                  hashes peers compare
    fairdice.py   the fair deal (commit, pledge, reveal; seed from all) and
                  the peers' check of a finished game against it
    discovery.py  the LAN advertisement: Advertiser (host) / Browser and
                  browse() (peer) on `_kolonisten._tcp.local.`; the TXT
                  fields are written and read in this one file

host/ -- the authoritative host
    game.py       Host: lobby, seats and tokens, the engine Authority,
                  command validation, per-seat redacted broadcast, resync,
                  autosave before broadcast
    connections.py  Connections, owned by Host, calling it back: admission
                  before TLS, TLS upgrade, reading within budgets, heartbeats
    limits.py     what a peer can make the host spend (caps, budgets, rates)
    deal.py       FairDeal, owned by Host: its side of the fair deal
    saving.py     what a LAN save (game/saves/, mode "lan") keeps in
                  `extra`: game id, seat names/colours/tokens; its checks
    resume.py     resume_file: a Host continuing a LAN save

peer/ -- a player's side, joining a host
    game.py       PeerGame: a peer's copy (engine Replica) kept in lockstep,
                  hash checks, resync requests, the fair deal; no I/O
    faults.py     the peer's check of what the host sends: HostFault
    connection.py the TLS connection to a host: key pin, handshake,
                  join/rejoin, pump
    tokens.py     seat tokens saved on the laptop (platformdirs user data dir),
                  filed under the host key's fingerprint
    bot.py        windowless computer player (`kolonisten join --bot LEVEL`)
    computers.py  ComputerPlayers: `kolonisten join --bot` processes the
                  host's owner starts (they join like any peer)

on top
    session.py    THE facade for the game window (game/client/ imports only
                  this module of net): thread-safe sessions and the names the
                  window needs, listed in its __all__
    headless.py   `kolonisten host --headless`, `join`, `browse`

The seam for the game window (game/client/), which must never block its
frame loop: networking runs on an asyncio loop in a background thread;
the window's thread owns the game copy and applies what arrived when it
polls.  This package imports nothing itself, so `kolonisten join` or a
test that needs net.wire.protocol does not load the rest.

    from net.session import BrowserSession, ClientSession, HostSession

    browser = BrowserSession()            # live list of games on the LAN
    browser.games() -> [GameAd(name, address, port, rules, seats_taken,
                                seats_total, state, ...)]   (a hint only)

    hosting = HostSession(config, name)   # a player who hosts ...
    port = hosting.start()                # listen + advertise
    hosting.lobby()                       # {"seats": [{name, colour, ready, connected} | None],
                                          #  "config": public rules, "state": lobby|running|over}
    hosting.configure(rules="ck", vp_target=12)   # rule choices in the lobby (ValueError + reason)
    hosting.start_game()                  # when every seat is taken (RuntimeError otherwise)
                                          # ... and plays through a ClientSession to 127.0.0.1:port

    session = ClientSession(f"{ad.address}:{ad.port}", "Ann", pin=ad.fingerprint)
                                          # (or a typed address, pin=None: first key trusted)
    session.connect()                     # hello, then rejoin with a saved token or join
    session.set_lobby(colour="blue", ready=True)
    every frame:
        for kind, data in session.poll(): # ("lobby", msg), ("synced", reason),
            ...                           # ("record", Record with .cmd/.events), ("rejected", msg),
                                          # ("over", msg), ("disconnected", why), ... (net/peer/game.py)
        session.game.must_decide()        # our seat must act on the current view
        session.submit(cmd)               # a command tuple from game.engine.legal_commands
        session.view                      # this seat's State (others' secrets are None)
    session.close()

A restarted program reclaims its seat automatically: `connect` finds the
token saved for the host's game id and the player's name.  A dropped line is
retried for `reconnect_for` seconds (events "disconnected"/"reconnected"),
also while the host restarts; a host that comes back with another game than
the one being played is refused (code other_game), never joined.

Saving and resuming (the host's machine keeps the save; it holds the seed and
the seat tokens):

    hosting = HostSession(config, name, save_path=None)   # autosaves into saves.saves_dir()
    hosting = HostSession.resume(path)    # saves.SaveError (.code) for a save it cannot use
    hosting.assign(seat, "Ann")           # the host's owner gives a seat to a player
                                          # whose token is lost; never automatic

    kolonisten host --headless --resume FILE [--port P] [--assign NAME=SEAT]
    (exit 1: the save cannot be used; 2: options that disagree with it)

Ports and interfaces: the host listens on TCP 7531 by default (`--port`);
discovery multicasts on every interface unless given a list of addresses
(`--interfaces`, tests use ["127.0.0.1"]).  The seed never leaves the host:
views and configs sent to peers carry seed=None (net/wire/secrecy.py) until the
game ends, when the host reveals its secret and the log (net/wire/fairdice.py).

Security (net/wire/secure.py): every connection is TLS 1.3 with the host's key,
pinned by the client (the advertised fingerprint of the game clicked, or
the first key met at a typed address); tokens are filed under that key and
proven, never sent back; an optional join code (`HostSession(join_code=)`,
`kolonisten host --headless --join-code`) is proven the same way.
"""
