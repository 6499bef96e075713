export { OwnerLeviesCard } from './components/OwnerLeviesCard.tsx';
