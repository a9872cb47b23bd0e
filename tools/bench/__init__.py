"""Speed: engine throughput, ours and catanatron's (engine.py), frame time of
the window (render.py), network latency and the host under attack
(network.py, network_attack.py)."""
