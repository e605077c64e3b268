// The sportsbook's catalogue ingest: the feed into the sb_* tables (docs/sportsbook.md, "Catalogue and ingest").
export { FeedIngestor, type FeedChanges, type FeedIngestorOptions } from './ingestor';
export { readCatalogue, specColumns, specFromColumns } from './repository';
