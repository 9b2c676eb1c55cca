import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, json, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { keptSession } from '../api';

const EMAIL = 'ada@northwind.test';
const codeSent = () =>
  json(200, { detail: 'If the address is registered, a code is on its way.', expires_in: 600 });

async function openCodeStep(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'POST /api/auth/request-code/': codeSent, ...routes });
  const app = renderApp('/login');
  await app.user.type(await screen.findByLabelText('E-mail'), ` ${EMAIL.toUpperCase()} `);
  await app.user.click(screen.getByRole('button', { name: 'Get the Code' }));
  await screen.findByText('2/2');
  return { ...app, api };
}

describe('login page', () => {
  it('starts at step 1/2 asking for the e-mail, with a way to reach support', async () => {
    stubApi();
    const { user } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Authorization' })).toBeInTheDocument();
    expect(screen.getByText('1/2')).toBeInTheDocument();
    expect(screen.getByText(/Forgot your password\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@atrium.local',
    );
    const getCode = screen.getByRole('button', { name: 'Get the Code' });
    expect(getCode).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(getCode).toBeEnabled();
  });

  it('requests the code with a CSRF token and moves to step 2/2 showing the e-mail as a mail link', async () => {
    const { api } = await openCodeStep();

    const [request] = api.callsTo('POST /api/auth/request-code/');
    expect(request?.body).toEqual({ email: EMAIL });
    expect(request?.headers.get('X-CSRFToken')).toBe('test-csrf-token');
    expect(screen.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
    expect(screen.getByLabelText('One-time code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Send a new code/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('checks the e-mail before calling the server', async () => {
    const api = stubApi();
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Get the Code' }));

    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(api.callsTo('POST /api/auth/request-code/')).toEqual([]);
  });

  it('shows the first missing_fields message, a 429 and a 503 text under the e-mail field, staying on step 1/2', async () => {
    const backedUp = 'Too many login codes are waiting to be sent. Try again in a minute.';
    const answers = [
      json(422, { missing_fields: { email: ['This address is not allowed', 'second'] } }),
      json(429, { error: 'Too many codes requested. Try again in 60 seconds.', retry_after: 60 }),
      json(503, { error: backedUp, retry_after: 60 }),
    ];
    stubApi({ 'POST /api/auth/request-code/': () => answers.shift() ?? codeSent() });
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, EMAIL);

    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    expect(await screen.findByText('This address is not allowed')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This address is not allowed');

    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    expect(email).toHaveAccessibleDescription('Too many codes requested. Try again in 60 seconds.');

    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    expect(email).toHaveAccessibleDescription(backedUp);
    expect(screen.getByText('1/2')).toBeInTheDocument();
  });

  it('shows a refused code under the code field, and clears it when going back', async () => {
    const { user } = await openCodeStep({
      'POST /api/auth/check-code/': () => json(400, { error: 'The code is wrong or has expired.' }),
    });
    const code = screen.getByLabelText('One-time code');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(code).toHaveAccessibleDescription('The code is wrong or has expired.');

    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.getByText('1/2')).toBeInTheDocument();
    expect(screen.queryByText('The code is wrong or has expired.')).not.toBeInTheDocument();
  });

  it('clears the e-mail step error when the stage changes', async () => {
    const answers = [json(429, { error: 'Too many codes requested.', retry_after: 5 })];
    stubApi({ 'POST /api/auth/request-code/': () => answers.shift() ?? codeSent() });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    expect(await screen.findByText('Too many codes requested.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    await screen.findByText('2/2');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));

    expect(screen.getByLabelText('E-mail')).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Too many codes requested.')).not.toBeInTheDocument();
  });

  it('resets both forms when going back', async () => {
    const { user } = await openCodeStep();
    await user.type(screen.getByLabelText('One-time code'), '12');

    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Get the Code' })).toBeDisabled();

    await user.type(email, EMAIL);
    await user.click(screen.getByRole('button', { name: 'Get the Code' }));
    expect(await screen.findByLabelText('One-time code')).toHaveValue('');
  });

  it('holds "Send a new code" back for 180 s and starts over after each resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = await openCodeStep();
    const resend = screen.getByRole('button', { name: /Send a new code/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('3:00');

    act(() => vi.advanceTimersByTime(170_000));
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('0:10');

    act(() => vi.advanceTimersByTime(10_000));
    expect(resend).toBeEnabled();
    expect(resend).toHaveAccessibleName('Send a new code');

    await user.click(resend);
    expect(await screen.findByText(`A new code is on its way to ${EMAIL}`)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/request-code/')).toHaveLength(2);
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('3:00');
  });

  it('shows a failed resend next to the button only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [codeSent(), json(429, { error: 'Too many codes requested.', retry_after: 60 })];
    const { user } = await openCodeStep({
      'POST /api/auth/request-code/': () => answers.shift() ?? codeSent(),
    });

    act(() => vi.advanceTimersByTime(180_000));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes requested.');
    expect(screen.getByLabelText('One-time code')).not.toHaveAccessibleDescription();
  });

  it('logs in, loads the session and goes home', async () => {
    let signedIn = false;
    const { user, router, api } = await openCodeStep({
      'POST /api/auth/check-code/': () => {
        signedIn = true;
        return json(200, { id: 7 });
      },
      'GET /api/auth/session/': () =>
        signedIn ? json(200, aSession()) : json(401, { error: 'No session.' }),
    });

    await user.type(screen.getByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /api/auth/check-code/')[0]?.body).toEqual({ email: EMAIL, otp: '123456' });
    expect(keptSession()).toEqual(aSession());
  });
});
