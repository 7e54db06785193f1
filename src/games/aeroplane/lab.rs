//! Aeroplane Chess's [`Lab`] hooks: its benchmark sets and solved tables.

use super::Aeroplane;
use crate::core::Lab;

impl Lab for Aeroplane {}
