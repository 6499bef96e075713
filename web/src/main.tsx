import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The web spine (next issue) replaces this placeholder with the application.
function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, color: '#1a2027' }}>
      <h1 style={{ color: '#1976d2' }}>Lintel</h1>
      <p>
        Property management for agencies. The API is running; its documentation is at{' '}
        <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
