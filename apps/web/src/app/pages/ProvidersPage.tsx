// Replaced by the catalogue work (features/games).
export function ProvidersPage() {
  return null;
}
export function ProviderPage() {
  return null;
}
