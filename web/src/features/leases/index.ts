export { EndingLeasesCard } from './components/EndingLeasesCard.tsx';
