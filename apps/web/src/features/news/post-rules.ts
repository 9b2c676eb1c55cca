// The post form's rules are the API's own. This module, with zod, loads apart from the editor's page, so
// that opening the editor does not wait for them (post-editor-page.tsx).
export { CreatePostBody } from '@atrium/contracts';
