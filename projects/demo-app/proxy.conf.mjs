// The demo's dev server passes the Wrs endpoints to the reference server: port 3000, or WRS_SERVER_PORT (so that
// several checkouts can run their e2e tests at once without reaching each other's server).
const target = `http://127.0.0.1:${process.env.WRS_SERVER_PORT ?? 3000}`;

export default {
  '/WrsServlet': { target, secure: false },
  '/WrsNextIdentifierServlet': { target, secure: false },
  '/xslt': { target, secure: false },
};
