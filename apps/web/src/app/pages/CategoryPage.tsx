// Replaced by the catalogue work (features/games).
export function CategoriesRedirect() {
  return null;
}
export function CategoryPage() {
  return null;
}
