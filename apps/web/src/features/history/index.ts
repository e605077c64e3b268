/**
 * The player's payment and game history. The page (`./HistoryPage`) is a lazy route entry
 * that the router loads directly; this index holds what other features reuse.
 */
