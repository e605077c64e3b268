export {
  collectionsQuery,
  gamesKeys,
  isMissing,
  providersQuery,
  useCollections,
  useGame,
  useGames,
  useInfiniteGames,
  useProvider,
  useFavorites,
  useLaunchGame,
  usePlayedGames,
  useProviders,
  useToggleFavorite,
  useVisitorCountry,
  useWinners,
  useWinnersCountry,
  type Paged,
} from './api';
export { GameSearch, useSearchTerm, type GameSearchProps } from './GameSearch';
export { gamePath, GameTile, GameTileSkeleton, type GameTileProps, type TileVariant } from './GameTile';
export { GameView } from './GameView';
export { CurrenciesStrip, HomeHero, HomeLobby, LobbyRails, LobbySkeleton } from './Lobby';
export {
  categoryPath,
  CollectionChips,
  CollectionRail,
  GameGrid,
  PagedGameGrid,
  ProviderCard,
  ProviderLogo,
  providerPath,
  ProvidersRail,
} from './lists';
export { CategoriesModalBody, ProvidersModalBody, type CatalogueModalBodyProps } from './ModalBodies';
export { RailSection } from './Rail';
export { SortSelect, useSortParam } from './SortSelect';
export * from './logic';
export { collectionIcon, GamesIcon, type IconName } from './icons';
export { FavoriteButton } from './FavoriteButton';
export { PlayedRail, WinnersFeed } from './PlayerRails';
export * from './play';
