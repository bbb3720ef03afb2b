// TestSupport — the seeded generator, for every suite that imports TestSupport
@_exported import SeededRandom
