//! A remote game played over a channel.
