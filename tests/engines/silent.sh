#!/bin/sh
# Never answers anything: the handshake must time out.
exec sleep 60
