package web

import (
	"fmt"
	"net/http"
)

// recovered answers a request whose handler panicked (a definition that
// breaks the engine in a way no check foresaw) with one line and status
// 500, instead of net/http's dropped connection, and keeps serving.
func recovered(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				http.Error(w, fmt.Sprintf("haven: internal error while serving %s %s: %v", r.Method, r.URL.Path, p), http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(w, r)
	})
}
