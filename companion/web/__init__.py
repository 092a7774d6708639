"""The table display in a browser: one page for the TV and every phone, pushed live.

`display` turns a session into the public frame the page shows (built only from the game's
public hooks: `view`, `headline`, `panel`, `result`, and the log's words); `page.html`,
`page.css` and `page.js` are the page itself, served by `companion.table_server`. Nothing here
names a game: a new game's hooks are all the page needs.
"""
