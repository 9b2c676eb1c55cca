/** The knowledge base's addresses (spec work side §2): the section, and the page its test link opens. */
export const KNOWLEDGE_BASE_PATH = '/knowledge-base';
export const NEW_ARTICLE_PATH = '/knowledge-base/new-1';
