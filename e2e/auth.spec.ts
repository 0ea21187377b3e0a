import { expect, test } from './fixtures';
import { ADMIN, DINER, createAccount, login, readCaptcha, signIn, siteNav, verificationLink, watchCaptcha } from './support';

test.describe('sign up', () => {
  test('shows every validation message, then creates the account', { tag: '@diner' }, async ({ page }) => {
    await page.goto('/signUp');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of ['Name is required', 'Photo URL is required', 'Email is required', 'Password is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    const password = page.getByLabel('Password');
    for (const [value, message] of [
      ['Ab1!', 'Password must be 6 characters.'],
      ['Abcdef1!Abcdef1!Abcde', 'Password must be under or equal in 20 characters'],
      ['abcdef1!', 'Password must have one uppercase one lowercase, one number and one special character'],
      ['Abcdefg!', 'Password must have one uppercase one lowercase, one number and one special character'],
      ['Abcdef12', 'Password must have one uppercase one lowercase, one number and one special character'],
    ]) {
      await password.fill(value!);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText(message!, { exact: true })).toBeVisible();
    }

    const email = `new.${Date.now()}@bistro.test`;
    await page.getByLabel('Name').fill('Nora New');
    await page.getByLabel('Photo URL').fill('https://example.com/nora.png');
    await page.getByLabel('Email').fill(email);
    await password.fill('Nora#2024');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('User successfully created!!!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const nav = await siteNav(page);
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.locator('img[title="Nora New"]:visible')).toBeVisible();
  });

  test('links to login', async ({ page }) => {
    await page.goto('/signUp');
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('login', () => {
  test('Login stays disabled until the captcha matches, and a reload draws a new one', async ({ page }) => {
    await watchCaptcha(page);
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Login', exact: true });
    await page.getByLabel('Email').fill(DINER.email);
    await page.getByLabel('Password', { exact: true }).fill(DINER.password);
    const captcha = await readCaptcha(page);
    await page.getByLabel('Type the characters above').fill(captcha.split('').reverse().join('') + 'x');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Type the characters above').fill(captcha);
    await expect(submit).toBeEnabled();

    await page.getByRole('button', { name: 'Reload Captcha' }).click();
    await expect(submit).toBeDisabled();
    await expect(page.getByLabel('Type the characters above')).toHaveValue('');
    await page.getByLabel('Type the characters above').fill(await readCaptcha(page));
    await expect(submit).toBeEnabled();
  });

  test('says clearly when the password is wrong or the user unknown', async ({ page }) => {
    await watchCaptcha(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DINER.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#2024');
    await page.getByLabel('Type the characters above').fill(await readCaptcha(page));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/wrong email or password/i)).toBeVisible();

    await page.getByLabel('Email').fill('nobody.here@bistro.test');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/no account with this email|wrong email or password/i)).toBeVisible();
  });

  test('Forgot password sends a reset email and says so', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DINER.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'password reset link' })).toContainText(DINER.email);
  });

  test('returns to the page the guard remembered', async ({ page }) => {
    await page.goto('/secret');
    await expect(page).toHaveURL(/\/login\?from=%2Fsecret$/);
    const account = await createAccount('returning');
    await login(page, account, '/secret');
    await expect(page).toHaveURL(/\/secret$/);
    await expect(page.getByRole('heading', { name: 'Secret things' })).toBeVisible();
  });

  test('Google sign-in works offline against the emulator and creates the user record', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('User Login Successfull')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const session = await page.evaluate(() => fetch('/api/session').then((r) => r.json()));
    expect(session.user.email).toBe('google.diner@bistro.test');
    expect(session.user.admin).toBe(false);
  });

  test('after login, a return address that leads off the site goes home instead', async ({ page }) => {
    const account = await createAccount('wayward');
    // The tab is dropped by the URL parser: '/\t/evil.example' is '//evil.example', another site.
    await login(page, account, '/\t/evil.example');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('logout ends the session and shows Login again', async ({ page }) => {
    await login(page, DINER);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'bistro_session' && c.value)).toBe(false);
    await page.goto('/dashboard/userHome');
    await expect(page).toHaveURL(/\/login\?from=/);
  });
});

test.describe('dashboard guards', () => {
  const userPages = ['userHome', 'cart', 'payment', 'paymentHistory', 'reservation', 'review', 'bookings'];
  const adminPages = ['adminHome', 'additems', 'manageItems', 'manageBookings', 'manageOrders', 'reviews', 'allUsers', 'email'];

  test('anonymous visitors are sent to login, remembering the page', async ({ page }) => {
    for (const p of [...userPages, ...adminPages]) {
      await page.goto(`/dashboard/${p}`);
      await expect(page).toHaveURL(new RegExp(`/login\\?from=%2Fdashboard%2F${p}$`));
    }
  });

  test('a diner reaches the diner pages, and admin pages send them home without an admin figure ever on screen', async ({ page }) => {
    // Watches every document of the journey, from its first byte, for the admin home's figures.
    await page.addInitScript(() => {
      const look = () => {
        if (document.querySelector('[aria-label="Key figures"]') || document.body?.textContent?.includes('Sales by category')) {
          sessionStorage.setItem('adminFigureSeen', location.pathname);
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await signIn(page, DINER, '/dashboard/userHome');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, Welcome ${DINER.name}`);
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('listitem')).toHaveText([
      'User Home', 'Reservation', 'Payment History', 'My Cart', 'Add Review', 'My Booking', 'Home', 'Menu', 'Shop', 'Contact',
    ]);
    for (const p of userPages) {
      const res = await page.goto(`/dashboard/${p}`);
      expect(res?.status(), p).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${p}$`));
    }
    for (const p of adminPages) {
      const res = await page.goto(`/dashboard/${p}`);
      await expect(page, p).toHaveURL(/\/$/);
      // A real redirect, before anything of the page was sent.
      expect((await res?.request().redirectedFrom()?.response())?.status(), p).toBe(307);
    }
    expect(await page.evaluate(() => sessionStorage.getItem('adminFigureSeen'))).toBeNull();
    const admin = await page.evaluate((email) => fetch(`/api/users/admin/${email}`).then((r) => r.json()), DINER.email);
    expect(admin).toEqual({ admin: false });
  });

  test('an admin reaches every admin page through the sidebar', { tag: '@admin' }, async ({ page }) => {
    await signIn(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/adminHome');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, Welcome ${ADMIN.name}`);
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    const labels = ['Admin Home', 'Add Items', 'Manage Items', 'Manage Bookings', 'Manage Orders', 'Guest Reviews', 'All Users', 'Email'];
    for (const [i, label] of labels.entries()) {
      await sidebar.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/${adminPages[i]}$`));
      await expect(sidebar.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
  });
});

test.describe('your account', () => {
  test('"Sign out everywhere" ends the session in every browser, and none signs back in by itself', async ({ browser }) => {
    const account = await createAccount('everywhere');
    const [phone, laptop] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
    await login(phone, account);
    await login(laptop, account);
    // Firebase keeps its sign-out time in whole seconds: step past the second of the last sign-in.
    await laptop.waitForTimeout(1100);

    await laptop.goto('/dashboard/userHome');
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await expect(laptop).toHaveURL(/\/$/);
    await expect(laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

    await phone.goto('/dashboard/userHome');
    await expect(phone).toHaveURL(/\/login\?from=%2Fdashboard%2FuserHome$/);
    // The form shows once the remembered Firebase user has failed to sign back in.
    await expect(phone.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(phone).toHaveURL(/\/login/);
  });

  test('an email/password account verifies its address from the dashboard', async ({ page }) => {
    const account = await createAccount('verify');
    await login(page, account, '/dashboard/userHome');
    await expect(page.getByText(`Your email address ${account.email} is not verified yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await expect(page.getByText('We sent you a link')).toBeVisible();

    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByText('Firebase has not seen the link followed yet.')).toBeVisible();

    expect((await fetch(await verificationLink(account.email))).ok).toBe(true);
    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByText('is not verified yet')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await expect(page.getByText('is not verified yet')).toHaveCount(0);
  });
});
