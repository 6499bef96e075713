import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface State {
  error: Error | null;
}

/** SPEC §2 "Error and access screens": the top-level error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen message={this.state.error.message} />;
  }
}

/** SPEC §2: heading, the error's message or a generic one, and a button that reloads the page. */
export function ErrorScreen({ message }: { message?: string | undefined }) {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper role="alert" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Oops! Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message || 'An unexpected error occurred'}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </Paper>
    </Box>
  );
}
