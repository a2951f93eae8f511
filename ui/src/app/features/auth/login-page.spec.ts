import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ActivatedRoute, convertToParamMap, provideRouter, Router } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<LoginPage>;
  let navigate: ReturnType<typeof vi.spyOn>;
  const d = () => dom(fixture);

  async function open(query: Record<string, string> = {}): Promise<void> {
    TestBed.configureTestingModule({
      providers: [
        provideFakeApi(),
        provideRouter([]),
        { provide: ActivatedRoute, useValue: { snapshot: { queryParamMap: convertToParamMap(query) } } },
      ],
    });
    api = TestBed.inject(FakeApi);
    navigate = vi.spyOn(TestBed.inject(Router), 'navigateByUrl').mockResolvedValue(true);
    fixture = TestBed.createComponent(LoginPage);
    await settle(fixture);
  }

  async function signIn(password: string): Promise<void> {
    d().type('[data-testid="login-username"]', 'admin');
    d().type('[data-testid="login-password"]', password);
    d().click('[data-testid="login-submit"]');
    await settle(fixture);
  }

  afterEach(() => fixture.destroy());

  it('returns to the page that was asked for after signing in', async () => {
    await open({ returnUrl: '/channels/UC123?tab=shorts' });
    api.on('POST', '/auth/login', () => ({ token: 't', expires: '2030-01-01T00:00:00.000Z', username: 'admin' }));
    await signIn('correct horse');
    expect(navigate).toHaveBeenCalledWith('/channels/UC123?tab=shorts');
  });

  it('goes to Downloads when nothing (or another site) was asked for', async () => {
    await open({ returnUrl: 'https://elsewhere.example/' });
    api.on('POST', '/auth/login', () => ({ token: 't', expires: '2030-01-01T00:00:00.000Z', username: 'admin' }));
    await signIn('correct horse');
    expect(navigate).toHaveBeenCalledWith('/downloads');
  });

  it("shows the server's warning before the lockout", async () => {
    await open();
    const warning = 'Invalid credentials. One more failed attempt locks sign-in for 15 minutes.';
    api.on('POST', '/auth/login', () => {
      throw new ApiError(401, warning, 'AUTH_INVALID_CREDENTIALS');
    });
    await signIn('wrong');
    expect(d().text('[data-testid="login-error"]')).toBe(warning);
    expect(navigate).not.toHaveBeenCalled();
  });
});
