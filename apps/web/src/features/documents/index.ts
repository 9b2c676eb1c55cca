export { DocumentsTab } from './components/documents-tab';
