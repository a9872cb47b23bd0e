"""Speed: engine throughput (ours and catanatron's), frame time of the window, network latency and the host under attack."""
