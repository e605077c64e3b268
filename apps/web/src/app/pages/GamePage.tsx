// Replaced by the catalogue work (features/games).
export function GamePage() {
  return null;
}
