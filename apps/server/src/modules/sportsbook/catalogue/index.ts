// The sportsbook's catalogue read API (docs/sportsbook.md, "API").
export { catalogueRoutes } from './routes';
export { createCatalogue, type Catalogue } from './service';
export { createCatalogueRepository } from './repository';
