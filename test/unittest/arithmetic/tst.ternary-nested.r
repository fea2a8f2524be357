medium

