export type { PageSource } from './page-source';
export { readSelection } from './selection';
export { readArticle } from './article';
