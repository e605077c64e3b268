// Replaced by the catalogue work (features/games).
export function CasinoPage() {
  return null;
}
