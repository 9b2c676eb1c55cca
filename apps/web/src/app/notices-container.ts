// The notices' container on its own, for providers.tsx to load after the first paint (a dynamic import of
// the package itself would put the whole package, container included, in the first load).
export { Notifications } from '@mantine/notifications';
