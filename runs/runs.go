// Package runs keeps simulation runs in an embedded SQLite database
// (`haven sim --db FILE`, `haven runs`): what each run played (the
// definition's hash, the variants' texts, the settings, the table, the
// bots, the seeds), every game it played and its report, so that a run
// can be listed, reported and compared with another long after.
//
// The driver is pure Go (modernc.org/sqlite): no cgo. The database is in
// WAL mode with a busy timeout, and a run is written in one immediate
// transaction, so that several commands writing to one file at once
// each wait their turn and none loses a run. A file that is not a
// SQLite database, or is another program's, is refused in one line.
package runs

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

// appID marks a database as Haven's (PRAGMA application_id: "Hvn1").
const appID = 0x48766e31

// schemaVersion is PRAGMA user_version of the tables below.
const schemaVersion = 1

// busyTimeout is how long, in milliseconds, a writer waits for another
// one before giving up.
const busyTimeout = 60000

const schema = `
CREATE TABLE run (
	id INTEGER PRIMARY KEY,
	-- runs made by one command (the cells of a comparison or a sweep)
	-- share a batch; cell names the run in it ("base", "variant v").
	batch TEXT NOT NULL,
	cell TEXT NOT NULL,
	created TEXT NOT NULL,
	game TEXT NOT NULL,
	definition_hash TEXT NOT NULL,
	variants TEXT NOT NULL, -- JSON: [{"name", "text"}]
	sets TEXT NOT NULL,     -- JSON: ["path=value"]
	options TEXT NOT NULL,  -- JSON: ["NAME=VALUE"]
	players INTEGER NOT NULL,
	bots TEXT NOT NULL,     -- JSON: ["spec"]
	rotate INTEGER NOT NULL,
	seed INTEGER NOT NULL,  -- the first seed, its 64 bits as a signed integer
	games INTEGER NOT NULL,
	max_decisions INTEGER NOT NULL,
	version TEXT NOT NULL,
	meta TEXT NOT NULL,     -- JSON: sim.Meta, as the first line of --out
	summary TEXT NOT NULL   -- JSON: sim.Report
);
CREATE TABLE game (
	run INTEGER NOT NULL REFERENCES run(id),
	seed INTEGER NOT NULL,
	record TEXT NOT NULL,   -- JSON: sim.GameRecord, as a line of --out
	PRIMARY KEY (run, seed)
) WITHOUT ROWID;
`

// DB is an open results database.
type DB struct {
	db   *sql.DB
	name string
}

// Open opens the database in file path, making it if it does not exist.
// Its errors are one line that names the file.
func Open(path string) (*DB, error) {
	fail := func(format string, args ...any) (*DB, error) {
		return nil, fmt.Errorf("%s: "+format, append([]any{path}, args...)...)
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return fail("not a file")
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout))
	// In WAL mode, NORMAL syncs at checkpoints only: a crash of the
	// program loses nothing committed, a power cut may lose the last
	// run, and neither damages the file.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+url.PathEscape(path)+"?"+q.Encode())
	if err != nil {
		return fail("%v", oneLine(err))
	}
	d := &DB{db: db, name: path}
	if err := d.init(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return d, nil
}

// init checks that the file is a database of Haven's, and makes its
// tables if it is empty.
func (d *DB) init() error {
	var id, version int
	if err := d.db.QueryRow("PRAGMA application_id").Scan(&id); err != nil {
		return notDatabase(err)
	}
	if err := d.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return notDatabase(err)
	}
	if id == appID {
		if version != schemaVersion {
			return fmt.Errorf("a results database of another version of haven (schema %d, not %d)", version, schemaVersion)
		}
		_, err := d.db.Exec("PRAGMA journal_mode=WAL")
		return notDatabase(err)
	}
	var tables int
	if err := d.db.QueryRow("SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
		return notDatabase(err)
	}
	if id != 0 || tables > 0 {
		return errors.New("a SQLite database, but not one of haven's runs (haven sim --db makes those)")
	}
	// An empty database: make the tables, once even if two commands
	// start on the same new file together.
	tx, err := d.db.Begin()
	if err != nil {
		return notDatabase(err)
	}
	defer tx.Rollback()
	if err := tx.QueryRow("PRAGMA application_id").Scan(&id); err != nil {
		return notDatabase(err)
	}
	if id != appID {
		if _, err := tx.Exec(schema); err != nil {
			return notDatabase(err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA application_id=%d; PRAGMA user_version=%d", appID, schemaVersion)); err != nil {
			return notDatabase(err)
		}
	}
	if err := tx.Commit(); err != nil {
		return notDatabase(err)
	}
	_, err = d.db.Exec("PRAGMA journal_mode=WAL")
	return notDatabase(err)
}

// notDatabase says in one line why SQLite refused the file.
func notDatabase(err error) error {
	if err == nil {
		return nil
	}
	msg := oneLine(err)
	if strings.Contains(msg, "file is not a database") || strings.Contains(msg, "malformed") {
		return errors.New("not a SQLite database, or a damaged one: " + msg)
	}
	return errors.New(msg)
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }
